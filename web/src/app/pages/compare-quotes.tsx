import { useParams } from 'react-router';
import { CompareQuotesView } from '@/features/marketplace/jobs/compare-quotes';

/** Compare Quotes: a job's quotes side by side, for its customer. */
function CompareQuotesPage() {
  const { id = '' } = useParams();
  return <CompareQuotesView key={id} jobId={id} />;
}

export { CompareQuotesPage as Component };
