import { useSearchParams } from 'react-router';
import { Unsubscribe } from '@/features/notifications/unsubscribe';

/** Reached from an email's unsubscribe link; works signed out. */
function UnsubscribePage() {
  const [searchParams] = useSearchParams();
  return <Unsubscribe token={searchParams.get('token') ?? ''} />;
}

export { UnsubscribePage as Component };
