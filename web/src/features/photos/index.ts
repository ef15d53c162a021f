// What photos offers other features: the uploader and the gallery.
export {};
