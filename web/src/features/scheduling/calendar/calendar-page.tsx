import { ComingSoon } from '@/components/layout/coming-soon';

/** The tradesperson's calendar (built in issue 37). */
export function CalendarPage() {
  return <ComingSoon title="Calendar" />;
}
