import { MyReviews } from '@/features/reviews/my-reviews';

/** My Reviews (spec section 2, issue 15); the route is for signed-in users only. */
function MyReviewsPage() {
  return <MyReviews />;
}

export { MyReviewsPage as Component };
