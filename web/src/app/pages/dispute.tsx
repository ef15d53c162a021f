import { useParams } from 'react-router';
import { DisputeView } from '@/features/disputes/dispute-view';

/** One dispute (issue 16), for either of its parties; the route requires sign-in. */
function DisputePage() {
  const { id = '' } = useParams();
  // A new id is a new screen: half-typed forms do not carry over.
  return <DisputeView key={id} disputeId={id} />;
}

export { DisputePage as Component };
