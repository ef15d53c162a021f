import { describe, expect, it } from 'vitest';
import {
  AvailabilityBody,
  addDays,
  dayRefusal,
  daysBetween,
  isoWeekday,
  OPEN_AVAILABILITY,
  timeOffSchema,
} from './availability';

const weekdays = ([1, 2, 3, 4, 5] as const).map((weekday) => ({ weekday, start: '08:00', end: '17:00' }));
const facts = {
  availability: { weeklyPattern: weekdays, leadTimeDays: 2, jobsPerDay: 2 },
  timeOff: [{ startsOn: '2026-12-21', endsOn: '2026-12-31' }],
  booked: 0,
  today: '2026-11-26', // a Thursday
  latest: '2027-11-26',
};

describe('availability rules', () => {
  it('does date arithmetic on calendar days, across the clocks going back', () => {
    expect(addDays('2026-10-24', 1)).toBe('2026-10-25');
    expect(addDays('2026-10-25', 1)).toBe('2026-10-26');
    expect(addDays('2027-03-01', -1)).toBe('2027-02-28');
    expect(daysBetween('2026-11-26', '2027-11-26')).toBe(365);
    expect(isoWeekday('2026-11-26')).toBe(4);
    expect(isoWeekday('2026-11-29')).toBe(7);
  });

  it('refuses past days, the lead time, days not worked, time off, full days and beyond a year', () => {
    expect(dayRefusal('2026-11-25', facts)).toBe('past');
    expect(dayRefusal('2026-11-27', facts)).toBe('lead_time');
    expect(dayRefusal('2026-11-28', facts)).toBe('not_working');
    expect(dayRefusal('2026-11-30', facts)).toBeNull();
    expect(dayRefusal('2026-12-05', facts)).toBe('not_working');
    expect(dayRefusal('2026-12-21', facts)).toBe('time_off');
    expect(dayRefusal('2026-12-31', facts)).toBe('time_off');
    expect(dayRefusal('2027-01-04', facts)).toBeNull();
    expect(dayRefusal('2026-11-30', { ...facts, booked: 1 })).toBeNull();
    expect(dayRefusal('2026-11-30', { ...facts, booked: 2 })).toBe('full');
    expect(dayRefusal('2027-11-29', facts)).toBe('too_far');
  });

  it('takes any day with no limit from someone who never set a pattern', () => {
    const open = { ...facts, availability: OPEN_AVAILABILITY, timeOff: [], booked: 40 };
    expect(dayRefusal('2026-11-26', open)).toBeNull();
    expect(dayRefusal('2026-11-29', open)).toBeNull();
  });

  it('validates a pattern: times, finish after start, each day once, bounds', () => {
    const ok = { weeklyPattern: weekdays, leadTimeDays: 0, jobsPerDay: 1 };
    expect(AvailabilityBody.safeParse(ok).success).toBe(true);
    const messages = (value: unknown) =>
      AvailabilityBody.safeParse(value).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(messages({ ...ok, weeklyPattern: [{ weekday: 1, start: '09:00', end: '09:00' }] })).toEqual([
      ['weeklyPattern.0.end', 'The finish time must be after the start time'],
    ]);
    expect(messages({ ...ok, weeklyPattern: [{ weekday: 1, start: '9am', end: '17:00' }] })).toEqual([
      ['weeklyPattern.0.start', 'Enter a time like 08:00'],
    ]);
    expect(messages({ ...ok, weeklyPattern: [weekdays[0], weekdays[0]] })).toEqual([
      ['weeklyPattern.1.weekday', 'Each day can appear only once'],
    ]);
    expect(messages({ ...ok, jobsPerDay: 0 })?.[0]?.[1]).toBe(
      'Jobs a day must be a whole number from 1 to 10',
    );
    expect(messages({ ...ok, leadTimeDays: 61 })?.[0]?.[1]).toBe(
      'Lead time must be a whole number of days from 0 to 60',
    );
  });

  it('validates time off: real dates, end on or after start, not over, at most a year', () => {
    const schema = timeOffSchema(() => '2026-11-26');
    const first = (value: unknown) => schema.safeParse(value).error?.issues[0]?.message;
    expect(schema.parse({ startsOn: '2026-12-24', endsOn: '2026-12-26', note: '  ' })).toEqual({
      startsOn: '2026-12-24',
      endsOn: '2026-12-26',
      note: null,
    });
    expect(first({ startsOn: '2026-12-24', endsOn: '2026-12-23' })).toBe(
      'The last day off must be on or after the first',
    );
    expect(first({ startsOn: '2026-11-01', endsOn: '2026-11-02' })).toBe('Time off must end today or later');
    expect(first({ startsOn: '2026-02-30', endsOn: '2026-03-02' })).toBe('Please enter a valid date');
    expect(first({ startsOn: '2026-12-01', endsOn: '2027-12-02' })).toBe('Time off can cover at most a year');
  });
});
