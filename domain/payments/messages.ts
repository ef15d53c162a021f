// The spec's payment and connect texts (section 8), used verbatim by the web and asserted by tests.
export const PAYMENT_TEXTS = {
  successTitle: 'Payment successful!',
  successBody: 'Your payment has been processed and the job is now complete.',
  verifyFailedTitle: 'Payment verification failed',
  verifyFailedBody: 'Please contact support if payment was deducted.',
  cancelledTitle: 'Payment cancelled',
  cancelledBody: 'Your payment was cancelled.',
  startFailedTitle: 'Payment failed',
  startFailedFallback: 'Failed to initiate payment',
  readyForPayment: 'Ready for Payment',
  connectCheckFailed: 'Failed to check account status',
  connectCreateFailed: 'Failed to create account',
  connectOnboardingFailed: 'Failed to start onboarding',
  connectUpdateFailed: 'Failed to create update link',
} as const;

/** Server messages for refused payment requests. */
export const PAYMENT_MESSAGES = {
  bookingNotFound: 'Booking not found',
  paymentNotFound: 'Payment not found',
  notReady: 'This booking is not ready for payment',
  alreadyPaid: 'This booking has already been paid',
  notHeld: 'There is no money held for this payment',
  frozen: 'This payment is frozen by a dispute',
  /** An admin's refund of money an open dispute holds: the resolution is the way to move it. */
  frozenForAdmin:
    'This payment is frozen by an open dispute on its booking. Resolve the dispute to refund or release it.',
  refundTooLarge: 'A refund cannot be more than the money still held',
  onlyTradespeople: 'Only tradespeople have payout accounts',
  noAccount: 'Create your payout account first',
  providerUnavailable: 'The payment provider could not be reached. Please try again.',
  badSignature: 'Webhook signature could not be verified',
} as const;

/** The sandbox's card messages, as the real provider words them. */
export const SANDBOX_CARD_MESSAGES = {
  declined: 'Your card was declined.',
  incorrectNumber: 'Your card number is incorrect.',
  notTestCard: 'Use a test card: this is a sandbox and no real card is charged.',
  expired: "Your card's expiration date is incomplete or in the past.",
  cvc: "Your card's security code is incomplete.",
  authenticationFailed:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
} as const;
