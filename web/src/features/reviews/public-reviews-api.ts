// Server calls of the public reviews screens (docs/api/reviews.md) as TanStack Query hooks: the list
// itself is the discovery API's (GET /tradespeople/:id/reviews, shared with the profile and its cache);
// reporting a review is ./api's, shared with /my-reviews.

export {
  REVIEWS_PAGE_SIZE,
  useTradespeopleSearch,
  useTradespersonProfile,
  useTradespersonReviews,
} from '@/features/discovery/api';
