import { ReportedReviews } from '@/features/admin/reported-reviews';

/** /admin/reviews: reported reviews, to hide or keep (docs/api/reviews.md, DOMAIN-RULES 8). */
export { ReportedReviews as Component };
