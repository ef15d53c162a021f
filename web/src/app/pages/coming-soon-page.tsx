import { ComingSoon } from '@/components/layout/coming-soon';
import { useRouteHandle } from '../route-handle';

function ComingSoonPage() {
  const handle = useRouteHandle();
  return <ComingSoon title={handle?.title ?? 'Coming soon'} />;
}

export { ComingSoonPage as Component };
