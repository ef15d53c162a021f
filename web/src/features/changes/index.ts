// What changes offers other features: a booking's changes and money timeline.
export {};
