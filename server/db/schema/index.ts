export * from './accounts';
export * from './marketplace';
export * from './money';
export * from './operations';
export * from './sandbox';
export * from './tradespeople';
export * from './trust';
