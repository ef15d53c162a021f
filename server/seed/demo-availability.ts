import { addDays, isoWeekday, type WorkingDay } from '../../domain/scheduling/availability';
import type { timeOff, tradespersonAvailability } from '../db/schema';
import type { Random } from './random';

// The demo tradespeople's working weeks (DOMAIN-RULES 12): what trades in the UK commonly keep, so the
// booking calendar greys out real days. Drawn from the seed's own fork, so the rest of the demo data
// is the same with or without it.

const HOUR = 3_600_000;

export interface DemoAvailability {
  availability: typeof tradespersonAvailability.$inferInsert;
  timeOff: (typeof timeOff.$inferInsert)[];
}

/**
 * Mostly Monday to Friday from about 08:00 to 17:30, a third also Saturday mornings, one or two days'
 * notice and two or three jobs a day; about one in six has a week off in the next two months
 * (`weekOff` forces one, for the demo account). Set some hours after the account was made.
 */
export function demoAvailability(
  rng: Random,
  person: { id: string; createdAt: Date },
  now: Date,
  latest: Date,
  { weekOff = false }: { weekOff?: boolean } = {},
): DemoAvailability {
  const start = rng.pick(['07:30', '08:00', '08:00', '08:30']);
  const end = rng.pick(['16:30', '17:00', '17:30', '17:30', '18:00']);
  const weeklyPattern: WorkingDay[] = ([1, 2, 3, 4, 5] as const).map((weekday) => ({ weekday, start, end }));
  if (rng.chance(0.33)) weeklyPattern.push({ weekday: 6, start: rng.pick(['08:00', '09:00']), end: '13:00' });
  const setAt = new Date(Math.min(person.createdAt.getTime() + rng.int(1, 72) * HOUR, latest.getTime()));
  const periods: DemoAvailability['timeOff'] = [];
  if (weekOff || rng.chance(0.17)) {
    const today = now.toISOString().slice(0, 10);
    // A Monday two to eight weeks ahead, to the Sunday after.
    let monday = addDays(today, rng.int(2, 8) * 7);
    while (isoWeekday(monday) !== 1) monday = addDays(monday, -1);
    periods.push({
      id: rng.uuid(),
      tradespersonId: person.id,
      startsOn: monday,
      endsOn: addDays(monday, 6),
      note: rng.pick(['Family holiday', 'Away: back the Monday after', null]),
      createdAt: setAt,
    });
  }
  return {
    availability: {
      tradespersonId: person.id,
      weeklyPattern,
      leadTimeDays: rng.int(1, 2),
      jobsPerDay: rng.int(2, 3),
      updatedAt: setAt,
    },
    timeOff: periods,
  };
}
