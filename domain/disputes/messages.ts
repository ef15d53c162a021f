// The words and limits of disputes (spec sections 5 and 8, DOMAIN-RULES 9), apart from the zod schemas
// so that web pages import them without zod.
import {
  CUSTOMER_DISPUTE_REASONS,
  LIMITS,
  TRADESPERSON_DISPUTE_REASONS,
  type UserType,
} from '../catalog/catalog';
import type { DisputeResolution, DisputeStatus } from '../catalog/statuses';

export { CUSTOMER_DISPUTE_REASONS, TRADESPERSON_DISPUTE_REASONS } from '../catalog/catalog';

export const DISPUTE_RULES = {
  /** A user's dispute list, the admin's queue, and the booking conversation a case file shows. */
  listMax: 100,
  adminQueueMax: 200,
  conversationMax: 500,
  descriptionMin: LIMITS.disputeDescriptionMin,
  descriptionMax: LIMITS.disputeDescriptionMax,
  /** The other party has this long to respond, from when they were told. */
  responseDays: 7,
  responseMin: 20,
  responseMax: 1000,
  messageMax: 2000,
  evidenceTextMax: 2000,
  /** Photos per dispute, all parties together: enough to show the work, not a photo album. */
  evidencePhotosMax: 20,
  photoMaxBytes: 10 * 1024 * 1024,
  /** Evidence photos are stored re-encoded, their longer side at most this many pixels. */
  photoLongSidePx: 1600,
  noteMin: 5,
  noteMax: 1000,
} as const;

/** The reasons each side may give (spec section 5). */
export function disputeReasonsFor(userType: UserType): readonly string[] {
  return userType === 'customer' ? CUSTOMER_DISPUTE_REASONS : TRADESPERSON_DISPUTE_REASONS;
}

export const DISPUTE_MESSAGES = {
  // Spec sections 5 and 8, verbatim.
  reasonRequired: 'Please select a reason',
  descriptionTooShort: `Description must be at least ${DISPUTE_RULES.descriptionMin} characters`,
  descriptionTooLong: `Description must be less than ${DISPUTE_RULES.descriptionMax} characters`,
  signInRequired: 'You must be logged in',
  raised: 'Dispute Raised',
  raisedDetail:
    'Our support team will be in touch. Any money held for this job stays frozen until it is resolved.',
  failed: 'Failed to raise dispute',
  // Ours.
  reasonNotYours: 'Please choose one of the reasons listed',
  bookingNotFound: 'Booking not found',
  disputeNotFound: 'Dispute not found',
  alreadyOpen: 'This booking already has an open dispute.',
  notDisputable:
    'A dispute can be raised while the work is in progress, awaiting payment, or while payment is still held.',
  responseTooShort: `Your response must be at least ${DISPUTE_RULES.responseMin} characters`,
  responseTooLong: `Your response must be less than ${DISPUTE_RULES.responseMax} characters`,
  responseNotYours: 'Only the other party to the dispute can respond to it.',
  responseClosed: 'This dispute is no longer waiting for a response.',
  responded: 'Response sent',
  messageRequired: 'Please write a message',
  messageTooLong: `Message must be at most ${DISPUTE_RULES.messageMax.toLocaleString('en-GB')} characters`,
  evidenceTextRequired: 'Please describe your evidence',
  evidenceTextTooLong: `Evidence must be at most ${DISPUTE_RULES.evidenceTextMax.toLocaleString('en-GB')} characters`,
  photoType: 'Please upload a JPEG, PNG or WebP image',
  photoTooBig: 'Photos must be 10 MB or smaller',
  photoMissing: 'Please choose a photo',
  tooManyPhotos: `A dispute can hold at most ${DISPUTE_RULES.evidencePhotosMax} photos`,
  resolvedAlready: 'This dispute has already been resolved.',
  closed: 'This dispute is resolved, so nothing more can be added.',
  resolutionRequired: 'Please choose a resolution',
  noteRequired: `Please write a note of at least ${DISPUTE_RULES.noteMin} characters`,
  noteTooLong: `Note must be at most ${DISPUTE_RULES.noteMax.toLocaleString('en-GB')} characters`,
  splitMustAddUp: 'The refund and the release must add up to the amount held.',
  splitNeedsBoth: 'A split needs an amount for each side, both more than £0.00.',
  nothingHeld: 'No money is held for this booking: close the dispute with a note instead.',
  moneyHeld: 'Money is held for this booking: choose who it goes to.',
  resolved: 'Dispute resolved',
  // What the dispute page says after each action.
  responseFailed: 'Failed to send response',
  evidenceAdded: 'Evidence added',
  evidenceFailed: 'Failed to add evidence',
  photoAdded: 'Photo added',
  photoFailed: 'Failed to upload photo',
  messageFailed: 'Failed to send message',
} as const;

export const DISPUTE_STATUS_LABELS: Record<DisputeStatus, string> = {
  open: 'Open',
  awaiting_response: 'Awaiting response',
  under_review: 'Under review',
  resolved: 'Resolved',
};

export const DISPUTE_RESOLUTION_LABELS: Record<DisputeResolution, string> = {
  release_to_tradesperson: 'Release to the tradesperson',
  refund_customer: 'Refund the customer',
  split: 'Split between them',
  no_money_held: 'Close with a note (no money held)',
};
