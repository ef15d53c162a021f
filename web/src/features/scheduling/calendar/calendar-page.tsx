import { isCalendarDate, londonToday } from '@domain/marketplace/schemas';
import type { CalendarView } from '@domain/scheduling/calendar';
import { CalendarDays, ChevronLeft, ChevronRight } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { CardSkeletons, EmptyState, LoadFailedCard } from '@/components/ui/list-states';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { formatCalendarMonth, formatDateOnly } from '@/lib/format';
import { AvailabilitySettings } from '../availability/availability-settings';
import { useCalendar } from './api';
import {
  type CalendarMode,
  contentsByDay,
  hasItems,
  isCalendarMode,
  type Period,
  periodOf,
  stepped,
  VIEWS,
} from './calendar-days';
import { FeedCard } from './calendar-feed-card';
import { Agenda, CalendarLegend, MonthGrid, WeekColumns } from './calendar-views';

// The tradesperson's calendar (/tradesperson/calendar): their bookings, milestone due dates and time
// off by month or week (an agenda on a phone), then their availability and their calendar feed.

const NARROW = '(max-width: 639.98px)';

function subscribeNarrow(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const media = window.matchMedia(NARROW);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}
const narrowNow = () => typeof window.matchMedia === 'function' && window.matchMedia(NARROW).matches;

/** Below 640 px wide both views become the agenda. */
const useNarrow = () => useSyncExternalStore(subscribeNarrow, narrowNow, () => false);

/**
 * The view and the day it shows, kept in the address (?view=week&date=2026-03-10) so a reload or a
 * shared link opens the same page; the month around today is the address without them.
 */
function useCalendarPlace(today: string) {
  const [params, setParams] = useSearchParams();
  const view = params.get('view');
  const date = params.get('date');
  const mode: CalendarMode = isCalendarMode(view) ? view : 'month';
  const on = date && isCalendarDate(date) ? date : today;
  const go = (next: { mode?: CalendarMode; on?: string }) => {
    const nextMode = next.mode ?? mode;
    const nextOn = next.on ?? on;
    const query: Record<string, string> = {};
    if (nextMode !== 'month') query.view = nextMode;
    if (nextOn !== today) query.date = nextOn;
    setParams(query, { replace: true, preventScrollReset: true });
  };
  return { mode, on, go };
}

const periodLabel = (mode: CalendarMode, period: Period) =>
  mode === 'month' ? formatCalendarMonth(period.start, 'long') : `Week of ${formatDateOnly(period.start)}`;

export function CalendarPage() {
  const today = londonToday();
  const { mode, on, go } = useCalendarPlace(today);
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Calendar</h1>
      <p className="mt-1 text-muted-foreground">
        Your bookings, milestone due dates and time off, and the days customers can book you.
      </p>
      <Tabs
        value={mode}
        onValueChange={(next) => go({ mode: isCalendarMode(next) ? next : 'month' })}
        className="mt-6"
      >
        <TabsList aria-label="Calendar view">
          {(Object.keys(VIEWS) as CalendarMode[]).map((m) => (
            <TabsTrigger key={m} value={m} className="min-w-20">
              {VIEWS[m]}
            </TabsTrigger>
          ))}
        </TabsList>
        {(Object.keys(VIEWS) as CalendarMode[]).map((m) => (
          <TabsContent key={m} value={m}>
            {m === mode && <CalendarPanel mode={mode} on={on} today={today} go={go} />}
          </TabsContent>
        ))}
      </Tabs>
      <section id="availability" aria-labelledby="availability-heading" className="mt-10 scroll-mt-20">
        <h2 id="availability-heading" className="text-xl font-semibold">
          Availability
        </h2>
        <div className="mt-4">
          <AvailabilitySettings />
        </div>
      </section>
      <FeedCard />
    </div>
  );
}

function CalendarPanel({
  mode,
  on,
  today,
  go,
}: {
  mode: CalendarMode;
  on: string;
  today: string;
  go: (next: { on: string }) => void;
}) {
  const period = periodOf(mode, on);
  const query = useCalendar(period.from, period.to);
  const narrow = useNarrow();
  const label = periodLabel(mode, period);
  return (
    <section aria-labelledby="calendar-period">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="calendar-period" aria-live="polite" className="text-lg font-semibold">
          {label}
        </h2>
        <div className="flex items-center gap-2">
          <Button variant="outline" size="icon" onClick={() => go({ on: stepped(mode, on, -1) })}>
            <ChevronLeft aria-hidden="true" />
            <span className="sr-only">{mode === 'month' ? 'Previous month' : 'Previous week'}</span>
          </Button>
          <Button variant="outline" onClick={() => go({ on: today })}>
            Today
          </Button>
          <Button variant="outline" size="icon" onClick={() => go({ on: stepped(mode, on, 1) })}>
            <ChevronRight aria-hidden="true" />
            <span className="sr-only">{mode === 'month' ? 'Next month' : 'Next week'}</span>
          </Button>
        </div>
      </div>
      <div className="mb-4">
        <CalendarLegend />
      </div>
      {query.isPending ? (
        <CardSkeletons count={1} height={narrow ? 'h-64' : 'h-[32rem]'} />
      ) : query.isError ? (
        <LoadFailedCard what="your calendar" query={query} />
      ) : (
        <div aria-busy={query.isPlaceholderData}>
          <PeriodView
            mode={mode}
            period={period}
            view={query.data}
            narrow={narrow}
            label={label}
            today={today}
          />
        </div>
      )}
    </section>
  );
}

function PeriodView({
  mode,
  period,
  view,
  narrow,
  label,
  today,
}: {
  mode: CalendarMode;
  period: Period;
  view: CalendarView;
  narrow: boolean;
  label: string;
  today: string;
}) {
  const days = contentsByDay(view, period.days);
  const own = days.filter((d) => d.date >= period.start && d.date <= period.end);
  const booked = own.some((d) => d.bookings.length > 0);
  const empty = !booked && (
    <EmptyState
      icon={<CalendarDays aria-hidden="true" />}
      title={mode === 'month' ? 'No bookings this month.' : 'No bookings this week.'}
      text="Set your availability so customers can book you."
      action={
        <Button asChild variant="outline">
          <a href="#availability">Set your availability</a>
        </Button>
      }
    />
  );
  if (narrow) {
    const agenda = own.filter(hasItems);
    return (
      <div className="space-y-4">
        {empty}
        {agenda.length > 0 && <Agenda days={agenda} label={label} today={today} />}
      </div>
    );
  }
  return (
    <div className="space-y-4">
      {mode === 'month' ? (
        <MonthGrid days={days} month={period.start.slice(0, 7)} label={label} today={today} />
      ) : (
        <WeekColumns days={days} label={label} today={today} />
      )}
      {empty}
    </div>
  );
}
