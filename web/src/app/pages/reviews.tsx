import { PublicReviewsScreen } from '@/features/discovery/public-reviews';

/** /reviews (spec section 2): a tradesperson's public reviews (?tradesperson=<id>), or a search for one. */
export { PublicReviewsScreen as Component };
