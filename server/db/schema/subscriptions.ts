import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  FREQUENCIES,
  PAUSE_REASONS,
  SUBSCRIPTION_RULES as R,
  SUBSCRIPTION_STATUSES,
  VISIT_STATUSES,
} from '../../../domain/subscriptions/rules';
import { users } from './accounts';
import { createdAt, id, oneOf, requiredRef, tsz, updatedAt } from './helpers';
import { bookings } from './marketplace';
import { paymentMethods } from './payment-methods';

/**
 * A repeat service plan between a customer and a tradesperson. The plan's terms (title, description,
 * price, frequency, start) are the tradesperson's proposal, null while only requested.
 * `next_visit_index` is the number of the next visit the scheduled job books (every visit before it
 * has a row in subscription_visits).
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    customerId: requiredRef('customer_id', () => users.id),
    tradespersonId: requiredRef('tradesperson_id', () => users.id),
    sourceBookingId: uuid('source_booking_id').references(() => bookings.id),
    status: text('status').notNull().default('requested'),
    pauseReason: text('pause_reason'),
    requestMessage: text('request_message').notNull(),
    category: text('category').notNull(),
    postcode: text('postcode').notNull(),
    title: text('title'),
    description: text('description'),
    pricePerVisitPence: integer('price_per_visit_pence'),
    frequency: text('frequency'),
    startDate: date('start_date'),
    /** A new price the tradesperson proposed; it applies to visits booked after the customer accepts. */
    pendingPricePence: integer('pending_price_pence'),
    paymentMethodId: uuid('payment_method_id').references(() => paymentMethods.id),
    nextVisitIndex: integer('next_visit_index').notNull().default(0),
    /** After a cancellation: visits on or before this date go ahead (inside the notice), none after. */
    endsOn: date('ends_on'),
    acceptedAt: tsz('accepted_at'),
    pausedAt: tsz('paused_at'),
    cancelledAt: tsz('cancelled_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('subscriptions_status_check', oneOf(t.status, SUBSCRIPTION_STATUSES)),
    check(
      'subscriptions_pause_reason_check',
      sql`${t.pauseReason} is null or ${oneOf(t.pauseReason, PAUSE_REASONS)}`,
    ),
    check('subscriptions_paused_check', sql`(${t.status} = 'paused') = (${t.pauseReason} is not null)`),
    check('subscriptions_frequency_check', sql`${t.frequency} is null or ${oneOf(t.frequency, FREQUENCIES)}`),
    check('subscriptions_parties_check', sql`${t.customerId} <> ${t.tradespersonId}`),
    check(
      'subscriptions_price_check',
      sql`(${t.pricePerVisitPence} is null or ${t.pricePerVisitPence} between ${sql.raw(String(R.pricePerVisitMinPence))} and ${sql.raw(String(R.pricePerVisitMaxPence))}) and (${t.pendingPricePence} is null or ${t.pendingPricePence} between ${sql.raw(String(R.pricePerVisitMinPence))} and ${sql.raw(String(R.pricePerVisitMaxPence))})`,
    ),
    // Proposed, active, paused and cancelled plans have every term; active and paused ones a card.
    check(
      'subscriptions_terms_check',
      sql`${t.status} in ('requested', 'declined') or (${t.title} is not null and ${t.description} is not null and ${t.pricePerVisitPence} is not null and ${t.frequency} is not null and ${t.startDate} is not null)`,
    ),
    check(
      'subscriptions_card_check',
      sql`${t.status} not in ('active', 'paused') or ${t.paymentMethodId} is not null`,
    ),
    check('subscriptions_next_visit_check', sql`${t.nextVisitIndex} >= 0`),
    index('subscriptions_customer_idx').on(t.customerId, t.createdAt),
    index('subscriptions_tradesperson_idx').on(t.tradespersonId, t.createdAt),
    // The scheduler's scan: active plans only.
    index('subscriptions_active_idx').on(t.id).where(sql`${t.status} = 'active'`),
  ],
);

/**
 * One visit of a plan, keyed by its nominal date: the unique key is what makes the scheduled job book
 * each visit once, however many instances run it. A booked visit has a booking of its own (its job
 * and accepted quote made for it), which carries its payment, completion, review and dispute.
 */
export const subscriptionVisits = pgTable(
  'subscription_visits',
  {
    id: id(),
    subscriptionId: requiredRef('subscription_id', () => subscriptions.id),
    visitIndex: integer('visit_index').notNull(),
    nominalDate: date('nominal_date').notNull(),
    visitDate: date('visit_date').notNull(),
    status: text('status').notNull(),
    bookingId: uuid('booking_id').references(() => bookings.id),
    pricePence: integer('price_pence').notNull(),
    /** Charge attempts made (the first and each retry). */
    chargeAttempts: integer('charge_attempts').notNull().default(0),
    /** When the next attempt is due; null once paid, or once no attempt is left. */
    nextChargeAt: tsz('next_charge_at'),
    lastChargeError: text('last_charge_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('subscription_visits_status_check', oneOf(t.status, VISIT_STATUSES)),
    check('subscription_visits_booked_check', sql`${t.status} <> 'booked' or ${t.bookingId} is not null`),
    check('subscription_visits_price_check', sql`${t.pricePence} > 0`),
    check('subscription_visits_attempts_check', sql`${t.chargeAttempts} >= 0`),
    unique('subscription_visits_once').on(t.subscriptionId, t.nominalDate),
    uniqueIndex('subscription_visits_booking_unique').on(t.bookingId),
    index('subscription_visits_plan_idx').on(t.subscriptionId, t.visitIndex),
    // The charge job: booked visits whose next attempt is due.
    index('subscription_visits_charge_due_idx').on(t.nextChargeAt).where(sql`${t.nextChargeAt} is not null`),
  ],
);
