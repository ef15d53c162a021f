// The support feature's public entry (chat support, the admin inbox). FOUNDATION (issue 39).
export {};
