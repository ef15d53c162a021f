import { sql } from 'drizzle-orm';
import { londonToday } from '../../../domain/marketplace/schemas';
import { addDays, SUBSCRIPTION_RULES as R } from '../../../domain/subscriptions/rules';
import type { Executor } from '../../db/client';
import { subscriptions } from '../../db/schema';
import type { PaymentDeps } from '../payments';
import type { PlanRow } from './subscriptions.repository';
import { bookVisitsOfPlans } from './visits';

export { chargeDueVisits } from './charges';

// The hourly job that books plans' visits ahead (docs/api/subscriptions.md). It takes the due plans in
// batches, each batch one transaction holding those plans' row locks (FOR UPDATE SKIP LOCKED: another
// instance running the job at the same moment takes other plans, and a plan being changed is left
// for the next run); with the visits' unique key, each visit is booked once.

/** Plans per transaction: large enough that a run is a few hundred statements, small enough to stay short. */
const BATCH = 250;

/**
 * The nominal date of a plan's next visit, in SQL: PostgreSQL adds months to a date as rules.ts's
 * nominalVisitDate does (the start's day, or the month's last when it is shorter), counted from the
 * start each time.
 */
const nextVisitDate = sql`(case ${subscriptions.frequency}
  when 'weekly' then ${subscriptions.startDate} + 7 * ${subscriptions.nextVisitIndex}
  when 'fortnightly' then ${subscriptions.startDate} + 14 * ${subscriptions.nextVisitIndex}
  when 'four_weekly' then ${subscriptions.startDate} + 28 * ${subscriptions.nextVisitIndex}
  when 'monthly' then (${subscriptions.startDate} + make_interval(months => ${subscriptions.nextVisitIndex}))::date
  when 'quarterly' then (${subscriptions.startDate} + make_interval(months => 3 * ${subscriptions.nextVisitIndex}))::date
  else (${subscriptions.startDate} + make_interval(years => ${subscriptions.nextVisitIndex}))::date end)`;

/** Locks up to `limit` plans with a visit to book by `horizon`, past `after` (ids in order, so each batch moves on). */
async function claimDuePlans(
  tx: Executor,
  horizon: string,
  after: string | null,
  limit: number,
): Promise<PlanRow[]> {
  return tx
    .select()
    .from(subscriptions)
    .where(
      sql`(${subscriptions.status} = 'active' or (${subscriptions.status} = 'cancelled' and ${subscriptions.endsOn} is not null))
        and ${nextVisitDate} <= ${horizon}::date
        and (${subscriptions.endsOn} is null or ${nextVisitDate} <= ${subscriptions.endsOn})
        ${after ? sql`and ${subscriptions.id} > ${after}::uuid` : sql``}`,
    )
    .orderBy(subscriptions.id)
    .limit(limit)
    .for('update', { skipLocked: true });
}

/**
 * Books each active plan's visits whose nominal date is within bookAheadDays (and a cancelled plan's
 * up to its last date), each visit once. Returns how many visits it booked.
 */
export async function bookDueVisits(deps: Pick<PaymentDeps, 'db' | 'clock' | 'events'>): Promise<number> {
  let booked = 0;
  let after: string | null = null;
  for (;;) {
    const now = deps.clock.now();
    const horizon = addDays(londonToday(now), R.bookAheadDays);
    const batch: { last: string | null; booked: number } = await deps.db.transaction(async (tx) => {
      const plans = await claimDuePlans(tx, horizon, after, BATCH);
      if (plans.length === 0) return { last: null, booked: 0 };
      const visits = await bookVisitsOfPlans(tx, deps.events, plans, now);
      return { last: plans.at(-1)!.id, booked: visits.length };
    });
    if (batch.booked > 0) deps.events.committed();
    booked += batch.booked;
    if (!batch.last) return booked;
    after = batch.last;
  }
}
