// The words and limits of reviews (spec sections 5 and 8, DOMAIN-RULES 8), apart from the zod
// schemas so that web pages import them without zod.

export const REVIEW_RULES = {
  /** Bookings waiting for the user's review that one answer lists, oldest first. */
  tasksMax: 100,
  /** Fair reveal: reviews are published when both sides have reviewed, or this long after payment. */
  revealAfterDays: 14,
  /** A reply can be changed for this long after it was first posted. */
  replyEditableHours: 48,
  commentMax: 2000,
  replyMax: 2000,
  reportDetailsMax: 500,
  hideReasonMin: 5,
  hideReasonMax: 500,
} as const;

export const REVIEW_REPORT_REASONS = ['abusive', 'not_about_job'] as const;
export type ReviewReportReason = (typeof REVIEW_REPORT_REASONS)[number];
export const REVIEW_REPORT_REASON_LABELS: Record<ReviewReportReason, string> = {
  abusive: 'Abusive or offensive',
  not_about_job: 'Not about this job',
};

export const REVIEW_REPORT_OUTCOMES = ['hidden', 'kept'] as const;

export const REVIEW_MESSAGES = {
  // Spec section 8, verbatim.
  ratingRequired: 'Please select a rating',
  thanks: 'Thank you for your review!',
  failed: 'Failed to submit review',
  // Ours.
  ratingRange: 'Rating must be a whole number from 1 to 5',
  commentTooLong: `Comment must be at most ${REVIEW_RULES.commentMax.toLocaleString('en-GB')} characters`,
  bookingNotFound: 'Booking not found',
  reviewNotFound: 'Review not found',
  notReviewable: 'You can leave a review once the job is complete and paid for.',
  alreadyReviewed: 'You have already reviewed this booking.',
  windowClosed: `Reviews close ${REVIEW_RULES.revealAfterDays} days after payment, so this booking can no longer be reviewed.`,
  replyRequired: 'Please write a reply',
  replyTooLong: `Reply must be at most ${REVIEW_RULES.replyMax.toLocaleString('en-GB')} characters`,
  replyNotYet: 'You can reply once the review is published.',
  replyLocked: `A reply can be edited for ${REVIEW_RULES.replyEditableHours} hours after it is posted.`,
  replyHidden: 'This review was removed, so it cannot be replied to.',
  reportReasonRequired: 'Please choose a reason',
  reportDetailsTooLong: `Details must be at most ${REVIEW_RULES.reportDetailsMax} characters`,
  reportOwn: 'You cannot report your own review.',
  reported: 'Thanks, our team will look at this review.',
  hideReasonRequired: `Please give a reason of at least ${REVIEW_RULES.hideReasonMin} characters`,
  hideReasonTooLong: `Reason must be at most ${REVIEW_RULES.hideReasonMax} characters`,
  alreadyHidden: 'This review is already hidden.',
  nothingToDecide: 'This review has no open reports.',
  /** What a tradesperson without a published review shows instead of '0.0 No reviews yet'. */
  newOnTradeNest: 'New on TradeNest',
  /** The dialog's explanation of fair reveal. */
  fairReveal: `Your review stays hidden until the other side has reviewed too, or until ${REVIEW_RULES.revealAfterDays} days after payment, so neither of you can be swayed by the other's review. You will both be told when reviews are published.`,
} as const;
