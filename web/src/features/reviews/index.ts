// What reviews offers other features: stars and ratings, a published review, the rating summary,
// Report, and a booking's review status.
export { BookingReviewStatus } from './booking-review-status';
export { RatingSummaryPanel, RatingSummarySkeleton } from './public-rating-summary';
export { Rating } from './rating';
export { RatingDistribution } from './rating-distribution';
export { ReportReviewButton } from './report-review-button';
export { ReviewItem, Stars } from './review-item';
