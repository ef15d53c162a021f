import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { sandboxObjects } from '../../../db/schema';

// The sandbox provider's object store: provider-shaped JSON documents keyed by provider-style ids.

export type SandboxKind =
  | 'checkout.session'
  | 'payment_intent'
  | 'account'
  | 'account_link'
  | 'transfer'
  | 'refund'
  | 'customer'
  | 'setup_intent'
  | 'payment_method'
  | 'event';

const PREFIX: Record<SandboxKind, string> = {
  'checkout.session': 'cs_test_',
  payment_intent: 'pi_test_',
  account: 'acct_test_',
  account_link: 'acctlink_test_',
  transfer: 'tr_test_',
  refund: 're_test_',
  customer: 'cus_test_',
  setup_intent: 'seti_test_',
  payment_method: 'pm_test_',
  event: 'evt_test_',
};

/** Unguessable, like the provider's: a checkout session's id is the capability to pay it. */
export const newSandboxId = (kind: SandboxKind) => `${PREFIX[kind]}${randomBytes(18).toString('base64url')}`;

export interface Stored<T> {
  id: string;
  data: T;
}

/**
 * Creates an object, or returns the one an earlier call with the same idempotency key created (the
 * provider's rule: a retried create never makes a second object).
 */
export async function createObject<T extends { id: string }>(
  db: Executor,
  kind: SandboxKind,
  data: T,
  idempotencyKey?: string,
): Promise<T> {
  return (await createOnce(db, kind, data, idempotencyKey)).object;
}

/** As createObject, and whether this call created it (false: an earlier call with the key did). */
export async function createOnce<T extends { id: string }>(
  db: Executor,
  kind: SandboxKind,
  data: T,
  idempotencyKey?: string,
): Promise<{ object: T; created: boolean }> {
  const key = idempotencyKey ? `${kind}:${idempotencyKey}` : null;
  const inserted = await db
    .insert(sandboxObjects)
    .values({ id: data.id, kind, data, idempotencyKey: key })
    .onConflictDoNothing({ target: sandboxObjects.idempotencyKey })
    .returning({ data: sandboxObjects.data });
  if (inserted[0]) return { object: inserted[0].data as T, created: true };
  const [existing] = await db
    .select({ data: sandboxObjects.data })
    .from(sandboxObjects)
    .where(eq(sandboxObjects.idempotencyKey, key!));
  return { object: existing!.data as T, created: false };
}

export async function findObject<T>(
  db: Executor,
  kind: SandboxKind,
  id: string,
  { forUpdate = false } = {},
): Promise<T | undefined> {
  const query = db
    .select({ data: sandboxObjects.data })
    .from(sandboxObjects)
    .where(and(eq(sandboxObjects.id, id), eq(sandboxObjects.kind, kind)));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row?.data as T | undefined;
}

export async function saveObject<T extends { id: string }>(db: Executor, data: T): Promise<T> {
  await db.update(sandboxObjects).set({ data, updatedAt: sql`now()` }).where(eq(sandboxObjects.id, data.id));
  return data;
}
