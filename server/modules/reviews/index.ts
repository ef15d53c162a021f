// The reviews module's public entry (docs/api/reviews.md, DOMAIN-RULES 8): writing reviews with fair
// reveal, replies, reports and moderation. The rating they add up to is read through ../ratings.
export { reportedReviewCount } from './moderation.service';
export { reviewRoutes } from './reviews.routes';
export { publishDueReviews, type ReviewDeps } from './reviews.service';
