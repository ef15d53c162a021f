import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { prepared } from '../../db/prepared';
import { paymentCustomers, paymentMethods, subscriptions } from '../../db/schema';

export type PaymentMethodRow = typeof paymentMethods.$inferSelect;
export async function findPaymentCustomer(db: Executor, userId: string) {
  const [row] = await db.select().from(paymentCustomers).where(eq(paymentCustomers.userId, userId));
  return row;
}

/** Records the customer's provider record; a concurrent first call keeps the one already stored. */
export async function savePaymentCustomer(
  db: Executor,
  values: typeof paymentCustomers.$inferInsert,
): Promise<typeof paymentCustomers.$inferSelect> {
  await db.insert(paymentCustomers).values(values).onConflictDoNothing({ target: paymentCustomers.userId });
  return (await findPaymentCustomer(db, values.userId))!;
}

export async function findPaymentCustomerByProviderId(db: Executor, providerCustomerId: string) {
  const [row] = await db
    .select()
    .from(paymentCustomers)
    .where(eq(paymentCustomers.providerCustomerId, providerCustomerId));
  return row;
}

/** The user's saved cards, the default first (prepared: the saved-cards screen and checkout read it). */
export function cardsOfUser(db: Executor, userId: string) {
  return prepared(db, 'cards_of_user', (d) =>
    d
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.userId, sql.placeholder('userId')))
      .orderBy(desc(paymentMethods.isDefault), desc(paymentMethods.createdAt))
      .prepare('cards_of_user'),
  ).execute({ userId });
}

export async function findCard(db: Executor, id: string) {
  const [row] = await db.select().from(paymentMethods).where(eq(paymentMethods.id, id));
  return row;
}

/** Saves a card once (a replayed webhook and the return page may both report it). */
export async function insertCard(tx: Executor, values: typeof paymentMethods.$inferInsert) {
  await tx
    .insert(paymentMethods)
    .values(values)
    .onConflictDoNothing({ target: paymentMethods.providerPaymentMethodId });
}

/** Makes one card the default: the others stop being it first (one default per user, an index). */
export async function makeDefault(tx: Executor, userId: string, cardId: string) {
  await tx
    .update(paymentMethods)
    .set({ isDefault: false })
    .where(and(eq(paymentMethods.userId, userId), ne(paymentMethods.id, cardId)));
  await tx.update(paymentMethods).set({ isDefault: true }).where(eq(paymentMethods.id, cardId));
}

export async function deleteCard(tx: Executor, id: string) {
  await tx.delete(paymentMethods).where(eq(paymentMethods.id, id));
}

/**
 * Repeat service plans charge a saved card by reference (subscriptions.payment_method_id), so a card
 * cannot go while a plan points at it. Plans still running (active or paused) whose card is removed
 * move to `nextCardId`; ended ones forget it. Returns how many running plans had no card to move to
 * (the caller refuses the removal then). Written here, under the customer's lock, because the card's
 * removal is this module's use case; subscriptions builds on payment-methods and cannot be called.
 */
export async function releaseCardFromPlans(
  tx: Executor,
  cardId: string,
  nextCardId: string | null,
): Promise<number> {
  const running = await tx
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(eq(subscriptions.paymentMethodId, cardId), inArray(subscriptions.status, ['active', 'paused'])),
    )
    .for('update');
  if (running.length > 0 && nextCardId === null) return running.length;
  await tx
    .update(subscriptions)
    .set({
      paymentMethodId: sql`case when ${subscriptions.status} in ('active', 'paused') then ${nextCardId}::uuid else null end`,
    })
    .where(eq(subscriptions.paymentMethodId, cardId));
  return 0;
}
