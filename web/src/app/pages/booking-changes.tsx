import { useParams } from 'react-router';
import { BookingChanges } from '@/features/changes/changes-page';

/** A booking's changes and money timeline, for either of its parties; the route requires sign-in. */
function BookingChangesPage() {
  const { bookingId = '' } = useParams();
  // A new booking is a new screen: a half-typed proposal does not carry over.
  return <BookingChanges key={bookingId} bookingId={bookingId} />;
}

export { BookingChangesPage as Component };
