import { useParams } from 'react-router';
import { useSession } from '@/features/accounts/session';
import { JobDetailView } from '@/features/marketplace/jobs/job-detail-view';

/** Job detail (spec section 2). */
function JobDetailPage() {
  const { id = '' } = useParams();
  const { user } = useSession();
  const backTo = user?.userType === 'tradesperson' ? '/browse' : '/my-jobs';
  // A new id is a new screen: state (an open edit form, a toast already shown) does not carry over.
  return <JobDetailView key={id} jobId={id} backTo={backTo} />;
}

export { JobDetailPage as Component };
