import { CardSkeletons, ErrorState } from '@/components/ui/list-states';
import { useMyAvailability } from './api';
import { TimeOffSection } from './time-off-section';
import { WorkingWeekForm } from './working-week-form';

/**
 * The tradesperson's working pattern, lead time, jobs a day and time off (DOMAIN-RULES 12): what the
 * customers' booking calendars offer. Rendered in the calendar page's Availability section.
 */
export function AvailabilitySettings() {
  const availability = useMyAvailability();
  if (availability.isPending) return <CardSkeletons count={2} height="h-64" />;
  if (availability.isError) {
    return (
      <ErrorState text="We couldn't load your availability." onRetry={() => void availability.refetch()} />
    );
  }
  return (
    <div className="space-y-8">
      <section className="space-y-4" aria-labelledby="working-week-title">
        <h3 id="working-week-title" className="text-lg font-semibold">
          Working week
        </h3>
        <WorkingWeekForm view={availability.data.availability} />
      </section>
      <section className="space-y-4" aria-labelledby="time-off-title">
        <h3 id="time-off-title" className="text-lg font-semibold">
          Time off
        </h3>
        <TimeOffSection periods={availability.data.timeOff} />
      </section>
    </div>
  );
}
