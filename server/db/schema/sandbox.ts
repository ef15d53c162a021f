import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './helpers';

// The sandbox payment provider's own storage (server/adapters/payments/sandbox). It stands where the real
// provider's servers would: the app's tables never reference it, and it keeps its objects as the
// provider would return them (checkout sessions, accounts, account links, transfers, refunds, events).

export const sandboxObjects = pgTable(
  'sandbox_objects',
  {
    /** The provider-style id: cs_test_…, acct_test_…, tr_test_…, re_test_…, evt_test_… */
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    data: jsonb('data').notNull(),
    /** A create call's idempotency key: the same key returns the same object. */
    idempotencyKey: text('idempotency_key').unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sandbox_objects_kind_idx').on(t.kind, t.createdAt)],
);
