// What payments offers other features: Pay, a booking's money status and timeline, card names, and
// the payments sandbox's card form (also used to save a card).
export { CardName, cardBrandName } from './card-label';
export { canReleaseEarly, MoneyStatus, ReleasePaymentButton } from './money-status';
export { MoneyTimeline, TimelineItem } from './money-timeline';
export { PayButton } from './pay-button';
export { useConfirmSetupIntent } from './sandbox/api';
export {
  CARD_REFUSAL_ID,
  CardFields,
  groupCardNumber,
  TestCardButtons,
  useSandboxCardForm,
} from './sandbox/card-form';
export { SandboxBanner } from './sandbox/sandbox-parts';
