import { eq, inArray } from 'drizzle-orm';
import { LIMITS } from '../../domain/catalog/catalog';
import { platformFeePence } from '../../domain/payments/money';
import { addDays, chargeDueOn } from '../../domain/subscriptions/rules';
import type { SandboxPaymentMethod } from '../adapters/payments/sandbox/sandbox-gateway';
import { createObject } from '../adapters/payments/sandbox/store';
import type { Executor } from '../db/client';
import {
  bookings,
  jobPostings,
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  paymentCustomers,
  paymentMethods,
  payments,
  quotes,
  subscriptions,
  subscriptionVisits,
  users,
} from '../db/schema';
import { paymentRowsFor } from './demo-payments';
import { jobRow } from './factories';
import { Random } from './random';

// The demo's repeat service plans (docs/api/subscriptions.md): the demo customer's fortnightly
// gardening with the demo tradesperson, active since 12 days ago (its first visit done and released,
// the next, in 2 days, booked and charged into escrow), and a request for a yearly boiler service
// waiting for the tradesperson. Every timestamp is an offset from the seed's `now`; ids come from a
// generator of their own, so two seeds with the same date write the same rows.

const DAY = 86_400_000;
const GARDENING = {
  title: 'Fortnightly gardening',
  description: 'Mow the front and back lawns, weed the borders, trim the hedge and take the cuttings away.',
};

const sandboxCustomerId = (customerId: string) =>
  `cus_test_demo${customerId.replaceAll('-', '').slice(0, 20)}`;
const sandboxCardId = (cardId: string) => `pm_test_demo${cardId.replaceAll('-', '').slice(0, 20)}`;

/** The demo card the plan is charged to (a sandbox card that pays, as a saved Visa ending 4242). */
function demoCard(id: string, customerId: string, now: Date) {
  return {
    id,
    userId: customerId,
    provider: 'sandbox',
    providerPaymentMethodId: sandboxCardId(id),
    brand: 'visa',
    last4: '4242',
    expMonth: 12,
    expYear: now.getUTCFullYear() + 3,
    isDefault: true,
    createdAt: new Date(now.getTime() - 40 * DAY),
  };
}

/** Inserts the money of the paid visits as the payment path would have, on the ledger accounts already there. */
async function insertMoney(tx: Executor, rows: ReturnType<typeof paymentRowsFor>) {
  const codes = rows.ledgerAccounts.map((a) => a.code);
  const existing = new Map(
    (
      await tx
        .select({ id: ledgerAccounts.id, code: ledgerAccounts.code })
        .from(ledgerAccounts)
        .where(inArray(ledgerAccounts.code, codes))
    ).map((a) => [a.code, a.id]),
  );
  const idOf = new Map(rows.ledgerAccounts.map((a) => [a.id!, existing.get(a.code) ?? a.id!]));
  const fresh = rows.ledgerAccounts.filter((a) => !existing.has(a.code));
  if (fresh.length > 0) await tx.insert(ledgerAccounts).values(fresh);
  await tx.insert(payments).values(rows.payments);
  await tx.insert(ledgerTransactions).values(rows.ledgerTransactions);
  await tx
    .insert(ledgerEntries)
    .values(rows.ledgerEntries.map((e) => ({ ...e, accountId: idOf.get(e.accountId!)! })));
}

/**
 * The card as the sandbox provider holds it too (its customer and saved payment method), so the
 * plan's next visits are really charged by the charge job once `npm start` has run a while.
 */
async function saveDemoCard(tx: Executor, card: ReturnType<typeof demoCard>): Promise<void> {
  const created = Math.floor(card.createdAt.getTime() / 1000);
  const [existing] = await tx
    .select({ id: paymentCustomers.providerCustomerId })
    .from(paymentCustomers)
    .where(eq(paymentCustomers.userId, card.userId));
  const customerId = existing?.id ?? sandboxCustomerId(card.userId);
  if (!existing) {
    await createObject(tx, 'customer', {
      id: customerId,
      object: 'customer',
      email: 'customer@tradenest.demo',
      metadata: { userId: card.userId },
      created,
    });
    await tx.insert(paymentCustomers).values({
      userId: card.userId,
      provider: 'sandbox',
      providerCustomerId: customerId,
      createdAt: card.createdAt,
    });
  }
  await createObject<SandboxPaymentMethod>(tx, 'payment_method', {
    id: card.providerPaymentMethodId,
    object: 'payment_method',
    customer: customerId,
    card: {
      brand: card.brand,
      last4: card.last4,
      exp_month: card.expMonth,
      exp_year: card.expYear,
      saved_charge: 'succeeds',
    },
    created,
  });
  await tx.insert(paymentMethods).values(card);
}

export async function seedDemoSubscriptions(tx: Executor, now: Date): Promise<void> {
  const ids = new Random('tradenest-demo-subscriptions');
  const people = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, ['customer@tradenest.demo', 'tradesperson@tradenest.demo']));
  const customer = people.find((p) => p.email === 'customer@tradenest.demo');
  const tradesperson = people.find((p) => p.email === 'tradesperson@tradenest.demo');
  if (!customer || !tradesperson) return;
  const postcode = 'SW1A 1AA';
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  const today = now.toISOString().slice(0, 10);
  const start = addDays(today, -12);
  const cardId = ids.uuid();
  await saveDemoCard(tx, demoCard(cardId, customer.id, now));
  const planId = ids.uuid();
  await tx.insert(subscriptions).values({
    id: planId,
    customerId: customer.id,
    tradespersonId: tradesperson.id,
    status: 'active',
    requestMessage: 'Could you look after the garden every couple of weeks?',
    category: 'Gardening',
    postcode,
    ...GARDENING,
    pricePerVisitPence: 4500,
    frequency: 'fortnightly',
    startDate: start,
    paymentMethodId: cardId,
    nextVisitIndex: 2,
    acceptedAt: ago(20),
    createdAt: ago(24),
    updatedAt: ago(20),
  });
  // Visit 1, twelve days ago: done, paid 3 days before and released. Visit 2, in two days: charged yesterday, held.
  const visits = [
    { index: 0, date: start, done: true, paidAt: ago(15) },
    { index: 1, date: addDays(start, 14), done: false, paidAt: ago(1) },
  ].map((v) => ({
    ...v,
    jobId: ids.uuid(),
    quoteId: ids.uuid(),
    bookingId: ids.uuid(),
    visitId: ids.uuid(),
  }));
  for (const v of visits) {
    const bookedAt = new Date(Date.parse(`${chargeDueOn(v.date)}T00:00:00Z`) - 11 * DAY);
    await tx.insert(jobPostings).values(
      jobRow({
        id: v.jobId,
        customerId: customer.id,
        ...GARDENING,
        category: 'Gardening',
        budgetMin: null,
        budgetMax: null,
        postcode,
        preferredStartDate: v.date,
        status: v.done ? 'completed' : 'in_progress',
        createdAt: bookedAt,
        updatedAt: v.done ? ago(12) : bookedAt,
      }),
    );
    await tx.insert(quotes).values({
      id: v.quoteId,
      jobId: v.jobId,
      tradespersonId: tradesperson.id,
      amount: 4500,
      message: `Visit ${v.index + 1} of the repeat service plan '${GARDENING.title}'`,
      status: 'accepted',
      createdAt: bookedAt,
      updatedAt: bookedAt,
    });
    await tx.insert(bookings).values({
      id: v.bookingId,
      jobId: v.jobId,
      quoteId: v.quoteId,
      customerId: customer.id,
      tradespersonId: tradesperson.id,
      amount: 4500,
      status: v.done ? 'completed' : 'confirmed',
      depositPaid: true,
      scheduledDate: v.date,
      confirmedAt: bookedAt,
      completedAt: v.done ? ago(12) : null,
      createdAt: bookedAt,
      updatedAt: v.done ? ago(12) : v.paidAt,
    });
    await tx.insert(subscriptionVisits).values({
      id: v.visitId,
      subscriptionId: planId,
      visitIndex: v.index,
      nominalDate: v.date,
      visitDate: v.date,
      status: 'booked',
      bookingId: v.bookingId,
      pricePence: 4500,
      chargeAttempts: 1,
      createdAt: bookedAt,
      updatedAt: v.paidAt,
    });
  }
  const money = paymentRowsFor(
    visits.map((v) => ({
      bookingId: v.bookingId,
      customerId: customer.id,
      tradespersonId: tradesperson.id,
      amountPence: 4500,
      paidAt: v.paidAt,
      disputed: false,
    })),
    now,
    LIMITS.escrowProtectionDays,
    () => ids.uuid(),
  );
  // A visit's money is held from its charge until the visit is done, not for a window from the charge.
  for (const p of money.payments) {
    if (p.bookingId === visits[1]!.bookingId) p.heldUntil = null;
    p.providerPaymentMethodId = demoCard(cardId, customer.id, now).providerPaymentMethodId;
    p.feePence = platformFeePence(p.amountPence);
  }
  await insertMoney(tx, money);
  await tx.insert(subscriptions).values({
    id: ids.uuid(),
    customerId: customer.id,
    tradespersonId: tradesperson.id,
    status: 'requested',
    requestMessage: 'Could you service the boiler once a year, before the winter?',
    category: 'Plumbing',
    postcode,
    createdAt: ago(2),
    updatedAt: ago(2),
  });
}
