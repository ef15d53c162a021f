import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

// Calendar dates are 'YYYY-MM-DD' strings worked on in UTC, so no time zone or clock change can move a
// day. The grid follows the WAI-ARIA date picker pattern: one focusable day (roving tabindex), arrows
// move by day and week, Home/End to the week's ends, Page Up/Down by month.

const toDate = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d!));
};
const toIso = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (iso: string, days: number) => {
  const date = toDate(iso);
  date.setUTCDate(date.getUTCDate() + days);
  return toIso(date);
};
const addMonths = (iso: string, months: number) => {
  const date = toDate(iso);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, last));
  return toIso(date);
};
const monthOf = (iso: string) => iso.slice(0, 7);
/** Monday-first weekday index (the UK week), 0 to 6. */
const weekday = (iso: string) => (toDate(iso).getUTCDay() + 6) % 7;

const WEEKDAYS = [
  ['Mo', 'Monday'],
  ['Tu', 'Tuesday'],
  ['We', 'Wednesday'],
  ['Th', 'Thursday'],
  ['Fr', 'Friday'],
  ['Sa', 'Saturday'],
  ['Su', 'Sunday'],
] as const;

const monthLabel = (month: string) =>
  new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    toDate(`${month}-01`),
  );
const dayLabel = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(toDate(iso));

/** The weeks (Monday to Sunday) covering `month` ('YYYY-MM'); days of other months are null. */
function weeksOf(month: string): (string | null)[][] {
  const first = `${month}-01`;
  const days: (string | null)[] = Array.from({ length: weekday(first) }, () => null);
  for (let day = first; monthOf(day) === month; day = addDays(day, 1)) days.push(day);
  while (days.length % 7 !== 0) days.push(null);
  return Array.from({ length: days.length / 7 }, (_, i) => days.slice(i * 7, i * 7 + 7));
}

/**
 * A single-date calendar; days before `min` (today, in the UK) and after `max` (when given) cannot be
 * chosen. `errorId` names the message about the choice, if there is one: the grid is then marked
 * invalid and described by it.
 */
export function DateCalendar({
  value,
  onChange,
  min,
  errorId,
  max,
}: {
  value: string | null;
  onChange: (date: string) => void;
  min: string;
  errorId?: string;
  max?: string;
}) {
  const [focused, setFocused] = useState(value ?? min);
  const [month, setMonth] = useState(monthOf(value ?? min));
  const moved = useRef(false);
  const grid = useRef<HTMLTableElement>(null);
  const labelId = useId();

  // After a key press moved the active day, focus follows it (also into a newly shown month).
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    grid.current?.querySelector<HTMLElement>(`[data-date="${focused}"]`)?.focus();
  }, [focused]);

  const outside = (day: string) => day < min || (max !== undefined && day > max);

  const showMonth = (next: string) => {
    setMonth(next);
    // Keep the roving tab stop inside the shown month.
    const candidate = monthOf(focused) === next ? focused : `${next}-01`;
    setFocused(candidate < min ? min : max !== undefined && candidate > max ? max : candidate);
  };

  const moveTo = (date: string) => {
    moved.current = true;
    setFocused(date);
    if (monthOf(date) !== month) setMonth(monthOf(date));
  };

  const step = (key: string): string | null => {
    switch (key) {
      case 'ArrowLeft':
        return addDays(focused, -1);
      case 'ArrowRight':
        return addDays(focused, 1);
      case 'ArrowUp':
        return addDays(focused, -7);
      case 'ArrowDown':
        return addDays(focused, 7);
      case 'Home':
        return addDays(focused, -weekday(focused));
      case 'End':
        return addDays(focused, 6 - weekday(focused));
      case 'PageUp':
        return addMonths(focused, -1);
      case 'PageDown':
        return addMonths(focused, 1);
      default:
        return null;
    }
  };

  const choose = (day: string) => {
    setFocused(day);
    if (!outside(day)) onChange(day);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableCellElement>, day: string) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      choose(day);
      return;
    }
    const next = step(event.key);
    if (!next) return;
    event.preventDefault();
    // Days out of range are shown, but the cursor never leaves the months that have bookable days.
    if (monthOf(next) < monthOf(min)) moveTo(min);
    else if (max !== undefined && monthOf(next) > monthOf(max)) moveTo(max);
    else moveTo(next);
  };

  const canGoBack = month > monthOf(min);
  const canGoForward = max === undefined || month < monthOf(max);

  return (
    <div className="w-full max-w-sm">
      <div className="mb-3 flex items-center justify-between">
        <Button
          variant="ghost"
          size="icon"
          aria-label="Previous month"
          disabled={!canGoBack}
          onClick={() => showMonth(monthOf(addMonths(`${month}-01`, -1)))}
        >
          <ChevronLeft aria-hidden="true" />
        </Button>
        <h2 id={labelId} className="text-base font-semibold" aria-live="polite">
          {monthLabel(month)}
        </h2>
        <Button
          variant="ghost"
          size="icon"
          aria-label="Next month"
          disabled={!canGoForward}
          onClick={() => showMonth(monthOf(addMonths(`${month}-01`, 1)))}
        >
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
      {/* The WAI-ARIA date picker grid: a table whose cells are the focusable, selectable days. */}
      <table
        ref={grid}
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: APG grid pattern on a table
        role="grid"
        aria-labelledby={labelId}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        className="w-full border-collapse"
      >
        <thead>
          <tr>
            {WEEKDAYS.map(([short, long]) => (
              <th
                key={long}
                scope="col"
                abbr={long}
                className="pb-2 text-xs font-medium text-muted-foreground"
              >
                {short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeksOf(month).map((week) => (
            <tr key={week.find(Boolean) ?? ''}>
              {week.map((day, i) => {
                // biome-ignore lint/suspicious/noArrayIndexKey: blank cells have only their position
                if (!day) return <td key={`blank-${i}`} />;
                const unavailable = outside(day);
                const selected = day === value;
                return (
                  <td
                    key={day}
                    // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: APG date grid: the day cell is the focusable gridcell
                    role="gridcell"
                    data-date={day}
                    tabIndex={day === focused ? 0 : -1}
                    aria-selected={selected}
                    aria-disabled={unavailable ? true : undefined}
                    aria-current={day === min ? 'date' : undefined}
                    aria-label={`${dayLabel(day)}${day === min ? ', today' : ''}`}
                    onClick={() => choose(day)}
                    onKeyDown={(event) => onKeyDown(event, day)}
                    className="p-0.5 text-center outline-none focus-visible:[&>span]:outline-2 focus-visible:[&>span]:outline-offset-2 focus-visible:[&>span]:outline-ring"
                  >
                    <span
                      aria-hidden="true"
                      className={cn(
                        'mx-auto flex size-9 cursor-pointer items-center justify-center rounded-md text-sm transition-colors select-none sm:size-10',
                        unavailable && 'cursor-not-allowed text-muted-foreground line-through opacity-60',
                        !unavailable && !selected && 'hover:bg-muted',
                        day === min && !selected && 'font-bold text-primary',
                        selected && 'bg-primary font-semibold text-primary-foreground',
                      )}
                    >
                      {Number(day.slice(8))}
                    </span>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
