// Repeat service plans (subscriptions, issue 39): gardening every fortnight, windows every month, the
// boiler every year. A plan is asked for by a customer, proposed by the tradesperson, accepted with a
// saved card; each visit then becomes a booking of its own, charged into escrow before the day.

/**
 * requested: the customer asked, the tradesperson has not proposed yet · proposed: waiting for the
 * customer · active · paused (by either side, or after the last failed charge) · cancelled (no visits
 * after its last date) · declined (either side said no before it started).
 */
export const SUBSCRIPTION_STATUSES = [
  'requested',
  'proposed',
  'active',
  'paused',
  'cancelled',
  'declined',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const FREQUENCIES = [
  'weekly',
  'fortnightly',
  'four_weekly',
  'monthly',
  'quarterly',
  'yearly',
] as const;
export type Frequency = (typeof FREQUENCIES)[number];

export const FREQUENCY_LABELS: Record<Frequency, string> = {
  weekly: 'Every week',
  fortnightly: 'Every 2 weeks',
  four_weekly: 'Every 4 weeks',
  monthly: 'Every month',
  quarterly: 'Every 3 months',
  yearly: 'Every year',
};

/**
 * A visit's row: booked (its booking exists; its charge is the booking's payment), skipped (one side
 * skipped it with notice: no booking, no charge), cancelled (the plan was cancelled or paused after
 * it was booked, or its last charge failed: its booking is cancelled, nothing was kept).
 */
export const VISIT_STATUSES = ['booked', 'skipped', 'cancelled'] as const;
export type VisitStatus = (typeof VISIT_STATUSES)[number];

/** Why a plan is paused. */
export const PAUSE_REASONS = ['customer', 'tradesperson', 'payment_failed'] as const;
export type PauseReason = (typeof PAUSE_REASONS)[number];

export const SUBSCRIPTION_RULES = {
  /** Visits are booked this many days ahead of their date, by the scheduled job. */
  bookAheadDays: 14,
  /** Each visit is charged this many days before its date (or at once when booked later than that). */
  chargeLeadDays: 3,
  /**
   * After a failed charge, retries this many hours after the first attempt; after the last one fails
   * the visit is cancelled and the plan paused (payment_failed).
   */
  chargeRetryHours: [24, 48] as readonly number[],
  /**
   * Skipping a visit, cancelling and pausing need more than this many days before a visit; visits
   * closer than that go ahead (and are charged, or already were).
   */
  noticeDays: 3,
  pricePerVisitMinPence: 1000,
  pricePerVisitMaxPence: 500_000,
  titleMax: 100,
  descriptionMin: 10,
  descriptionMax: 2000,
  requestMessageMax: 2000,
  /** A plan's start date: from tomorrow up to this many days ahead. */
  startWithinDays: 180,
} as const;

/** 'YYYY-MM-DD' plus days, in calendar terms (no time zones: dates are UK calendar dates). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (both 'YYYY-MM-DD'). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

function addMonthsClamped(date: string, months: number, dayOfMonth: number): string {
  const [y, m] = date.split('-').map(Number) as [number, number, number];
  const index = m - 1 + months;
  const year = y + Math.floor(index / 12);
  const month = ((index % 12) + 12) % 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(dayOfMonth, last);
  return `${year}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * The nominal date of visit `n` (0 for the first) of a plan starting on `startDate`. Monthly, quarterly
 * and yearly plans keep the start's day of the month, on the month's last day when it is shorter (a plan
 * started on 31 January visits on 28 or 29 February, then 31 March). A visit's actual date may move to
 * the tradesperson's next bookable day; the nominal date is the visit's key, so it is booked once.
 */
export function nominalVisitDate(startDate: string, frequency: Frequency, n: number): string {
  const day = Number(startDate.slice(8, 10));
  switch (frequency) {
    case 'weekly':
      return addDays(startDate, 7 * n);
    case 'fortnightly':
      return addDays(startDate, 14 * n);
    case 'four_weekly':
      return addDays(startDate, 28 * n);
    case 'monthly':
      return addMonthsClamped(startDate, n, day);
    case 'quarterly':
      return addMonthsClamped(startDate, 3 * n, day);
    case 'yearly':
      return addMonthsClamped(startDate, 12 * n, day);
  }
}

/** The nominal dates of visits from `startDate` up to and including `until`, with their numbers. */
export function visitDatesUntil(
  startDate: string,
  frequency: Frequency,
  until: string,
  fromIndex = 0,
): { index: number; date: string }[] {
  const out: { index: number; date: string }[] = [];
  for (let n = fromIndex; n < fromIndex + 1000; n++) {
    const date = nominalVisitDate(startDate, frequency, n);
    if (date > until) break;
    out.push({ index: n, date });
  }
  return out;
}

/** Whether a visit on `visitDate` can still be skipped or cancelled on `today` (more than noticeDays away). */
export function outsideNotice(visitDate: string, today: string): boolean {
  return daysBetween(today, visitDate) > SUBSCRIPTION_RULES.noticeDays;
}

/** The day a visit's first charge is due: chargeLeadDays before it. */
export function chargeDueOn(visitDate: string): string {
  return addDays(visitDate, -SUBSCRIPTION_RULES.chargeLeadDays);
}

/** Attempts a visit's charge gets: the first, then one per retry. */
export const CHARGE_ATTEMPTS = 1 + SUBSCRIPTION_RULES.chargeRetryHours.length;

/**
 * When the next attempt is due after attempt `attempt` (1 for the first) failed at `at`, or null when it
 * was the last: retries fall chargeRetryHours after the first attempt, so each waits for the gap to the
 * one before.
 */
export function nextChargeAttemptAt(attempt: number, at: Date): Date | null {
  const hours = SUBSCRIPTION_RULES.chargeRetryHours;
  if (attempt >= CHARGE_ATTEMPTS) return null;
  const gap = hours[attempt - 1]! - (attempt >= 2 ? hours[attempt - 2]! : 0);
  return new Date(at.getTime() + gap * 3_600_000);
}

/** The number of the visit whose nominal date is `date`, or null when the plan has no visit that day. */
export function visitIndexOn(startDate: string, frequency: Frequency, date: string): number | null {
  if (date < startDate) return null;
  for (const v of visitDatesUntil(startDate, frequency, date)) if (v.date === date) return v.index;
  return null;
}

/**
 * The instant a UK calendar day starts: midnight in London, which is 23:00 UTC the day before in
 * British Summer Time. Clocks change at 01:00 UTC, so 23:00 UTC the evening before a day is already
 * that day in London exactly when the day starts in summer time.
 */
export function londonMidnight(date: string): Date {
  const utc = Date.parse(`${date}T00:00:00Z`);
  const summer = new Date(utc - 3_600_000);
  const londonDate = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(summer);
  return londonDate === date ? summer : new Date(utc);
}
