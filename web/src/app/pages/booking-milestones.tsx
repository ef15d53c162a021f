import { useParams } from 'react-router';
import { BookingMilestones } from '@/features/milestones/milestones-page';

/** A booking's milestone payments, for either of its parties; the route requires sign-in. */
function BookingMilestonesPage() {
  const { bookingId = '' } = useParams();
  // A new booking is a new screen: a half-typed plan does not carry over.
  return <BookingMilestones key={bookingId} bookingId={bookingId} />;
}

export { BookingMilestonesPage as Component };
