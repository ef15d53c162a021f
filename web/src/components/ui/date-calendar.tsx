import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type ComponentProps, createContext, useContext } from 'react';
import { type ChevronProps, DayPicker } from 'react-day-picker';
import { enGB } from 'react-day-picker/locale/en-GB';

// The booking calendar is react-day-picker: its grid is the WAI-ARIA date picker pattern (one focusable
// day, arrows by day and week, Home/End to the week's ends, Page Up/Down by month, Shift+Page by year).
// en-GB gives the UK week (Monday first) and the UK's day names. Dates come and go as 'YYYY-MM-DD'
// strings, read as local midnights, so the day shown is the day meant whatever the machine's zone.

const toDate = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(y!, m! - 1, d!);
};
const toIso = (date: Date) =>
  [date.getFullYear(), date.getMonth() + 1, date.getDate()].map((n) => String(n).padStart(2, '0')).join('-');

// The id of the message about the choice, if there is one, for the grid to be marked invalid by it.
const ErrorIdContext = createContext<string | undefined>(undefined);

function MonthGrid(props: ComponentProps<'table'>) {
  const errorId = useContext(ErrorIdContext);
  return <table {...props} aria-invalid={errorId ? true : undefined} aria-describedby={errorId} />;
}

function Chevron({ orientation }: ChevronProps) {
  return orientation === 'left' ? <ChevronLeft aria-hidden="true" /> : <ChevronRight aria-hidden="true" />;
}

const navButton =
  'inline-flex size-9 items-center justify-center rounded-md transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring aria-disabled:pointer-events-none aria-disabled:opacity-50';

// The app's Tailwind tokens, so the calendar follows the light and dark themes.
const CLASS_NAMES = {
  root: 'relative w-full max-w-sm',
  months: 'w-full',
  month: 'w-full space-y-3',
  month_caption: 'flex h-9 items-center justify-center',
  caption_label: 'text-base font-semibold',
  nav: 'absolute inset-x-0 top-0 z-10 flex items-center justify-between',
  button_previous: navButton,
  button_next: navButton,
  month_grid: 'w-full border-collapse',
  weekdays: '',
  weekday: 'pb-2 text-xs font-medium text-muted-foreground',
  week: '',
  day: 'p-0.5 text-center [&[data-selected]>button]:bg-primary [&[data-selected]>button]:font-semibold [&[data-selected]>button]:text-primary-foreground [&[data-today]:not([data-selected])>button]:font-bold [&[data-today]:not([data-selected])>button]:text-primary',
  day_button:
    'mx-auto flex size-9 cursor-pointer items-center justify-center rounded-md text-sm transition-colors select-none hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:text-muted-foreground disabled:line-through disabled:opacity-60 disabled:hover:bg-transparent aria-disabled:cursor-not-allowed aria-disabled:text-muted-foreground aria-disabled:line-through aria-disabled:opacity-60 sm:size-10',
  // Modifier classes: the looks above hang on the cell's data attributes instead.
  selected: '',
  today: '',
  disabled: '',
  outside: '',
  hidden: 'invisible',
  focused: '',
};

/**
 * A single-date calendar; days before `min` (today, in the UK) and after `max` (when given) cannot be
 * chosen, and the months outside them are not shown. `unavailable` maps other days that cannot be
 * chosen to why (a tradesperson's day off, a full day): they are disabled and their reason is read
 * out with them. `errorId` names the message about the choice, if there is one: the grid is then
 * marked invalid and described by it.
 */
export function DateCalendar({
  value,
  onChange,
  min,
  errorId,
  max,
  unavailable,
  onMonthChange,
}: {
  value: string | null;
  onChange: (date: string) => void;
  min: string;
  errorId?: string;
  max?: string;
  unavailable?: ReadonlyMap<string, string>;
  /** The first day of the month now shown, 'YYYY-MM-DD' (to fetch what that month offers). */
  onMonthChange?: (firstDay: string) => void;
}) {
  const first = toDate(min);
  const last = max === undefined ? undefined : toDate(max);
  const isUnavailable = (date: Date) => unavailable?.has(toIso(date)) ?? false;
  return (
    <ErrorIdContext.Provider value={errorId}>
      <DayPicker
        mode="single"
        // Choosing the chosen day again keeps it: a booking keeps its date once one is picked.
        required
        selected={value ? toDate(value) : undefined}
        onSelect={(date) => onChange(toIso(date))}
        locale={enGB}
        // Today in the UK, whatever the device's own date.
        today={first}
        defaultMonth={value ? toDate(value) : first}
        startMonth={first}
        endMonth={last}
        disabled={
          last ? [{ before: first }, { after: last }, isUnavailable] : [{ before: first }, isUnavailable]
        }
        onMonthChange={onMonthChange && ((month) => onMonthChange(toIso(month)))}
        labels={{
          labelDayButton: (date, modifiers, _options, dateLib) => {
            const why = unavailable?.get(toIso(date));
            return `${dateLib?.format(date, 'PPPP') ?? toIso(date)}${modifiers.today ? ', today' : ''}${modifiers.selected ? ', selected' : ''}${why ? `, unavailable: ${why}` : ''}`;
          },
          labelPrevious: () => 'Previous month',
          labelNext: () => 'Next month',
        }}
        classNames={CLASS_NAMES}
        components={{ MonthGrid, Chevron }}
      />
    </ErrorIdContext.Provider>
  );
}
