// The subscriptions feature's public entry (repeat service plans). FOUNDATION (issue 39).
export {};
