export * from './accounts';
export * from './marketplace';
export * from './money';
export * from './operations';
export * from './tradespeople';
export * from './trust';
export * from './sandbox';
