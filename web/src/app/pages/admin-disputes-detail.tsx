import { useParams } from 'react-router';
import { DisputeDetail } from '@/features/admin/dispute-detail';

/** /admin/disputes/:id: one dispute's case file. Keyed by the id, so moving to another starts afresh. */
function AdminDisputePage() {
  const { id = '' } = useParams();
  return <DisputeDetail key={id} disputeId={id} />;
}

export { AdminDisputePage as Component };
