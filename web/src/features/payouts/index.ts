// What payouts offers other features: the connected-account card (Business Setup), the payout cache
// keys, and how money states read.
export { ConnectCard, type ConnectReturn, connectReturnFrom } from './connect-card';
export { paymentKeys } from './payout-api';
export { bookingMoneyText } from './payout-format';
