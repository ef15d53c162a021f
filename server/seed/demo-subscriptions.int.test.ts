import { and, eq, isNotNull } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { ManualClock } from '../../test/clock';
import { describeOnDatabases } from '../../test/databases';
import { drainMoneyQueues } from '../../test/money';
import { payments, subscriptionVisits, users } from '../db/schema';
import { send } from '../queue/queue';
import { passwordHashFor } from './factories';
import { DEMO_PASSWORD, seedDemoData } from './seed';

// The demo's gardening plan is charged by the real charge job through the sandbox provider, as any
// plan a customer accepts: its saved card exists at the provider too, not only in our tables.

const NOW = new Date('2026-03-02T10:00:00.000Z');
const DAY = 86_400_000;

describeOnDatabases('demo plan', (ctx) => {
  it("charges the demo customer's next gardening visit with the saved demo card when its day comes", async () => {
    const clock = new ManualClock(NOW);
    const { db } = ctx.database();
    await seedDemoData(db, { now: NOW, passwordHash: await passwordHashFor(DEMO_PASSWORD) });
    const app = await ctx.app({}, { clock });
    clock.advance(16 * DAY);
    for (const name of ['subscriptions.book-due', 'subscriptions.charge-due'] as const) {
      await send(db, name, {});
      await app.queue.runDue(name);
    }
    await drainMoneyQueues(app);
    const [customer] = await db.select().from(users).where(eq(users.email, 'customer@tradenest.demo'));
    const charged = await db
      .select({ status: payments.status, visit: subscriptionVisits.visitIndex })
      .from(subscriptionVisits)
      .innerJoin(payments, eq(payments.bookingId, subscriptionVisits.bookingId))
      .where(and(isNotNull(subscriptionVisits.bookingId), eq(payments.payerId, customer!.id)));
    expect(charged.filter((c) => c.visit >= 2).map((c) => c.status)).toContain('succeeded');
    expect(charged.every((c) => c.status === 'succeeded')).toBe(true);
  });
});
