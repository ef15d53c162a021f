import { ComingSoon } from '@/components/layout/coming-soon';

/** The tradesperson's analytics (built in issue 37). */
export function AnalyticsPage() {
  return <ComingSoon title="Analytics" />;
}
