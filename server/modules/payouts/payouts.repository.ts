import { and, asc, eq, sql } from 'drizzle-orm';
import { EARNINGS_ROWS } from '../../../domain/payments/api';
import type { Executor } from '../../db/client';
import { prepared } from '../../db/prepared';
import { tableRows } from '../../db/rows';
import {
  bookings,
  connectedAccounts,
  jobPostings,
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  payments,
  payouts,
  profiles,
} from '../../db/schema';
import { type PaymentJson, paymentJson } from '../payments';

export type PayoutRow = typeof payouts.$inferSelect;
export type ConnectedAccountRow = typeof connectedAccounts.$inferSelect;

export interface EarningsData {
  /** Ledger sums over the tradesperson's payments, by transaction kind and account kind. */
  sums: { txKind: string; accountKind: string; total: number }[];
  payable: number;
  paidOut: number;
  /** Release postings to the payable account by calendar month (UTC) since the given day. */
  months: { month: string; total: number }[];
  payouts: { id: string; amountPence: number; status: string; createdAt: string; paidAt: string | null }[];
  payments: {
    payment: PaymentJson;
    jobId: string;
    jobTitle: string;
    customerName: string | null;
    bookingStatus: string;
  }[];
  account: Pick<ConnectedAccountRow, 'chargesEnabled' | 'payoutsEnabled' | 'requirementsCurrentlyDue'> | null;
}

/**
 * Everything /tradesperson/payments shows, in one statement: seven round trips (sums, two balances,
 * months, payouts, payments, payout account) made the page the slowest signed-in read (issue 19).
 * Each part is the query it replaced (a tradesperson's payments, their payouts, balanceOf, monthlyTotals),
 * read through the same indexes: bookings by tradesperson, ledger accounts by code.
 */
export async function earningsOf(db: Executor, userId: string, since: Date): Promise<EarningsData> {
  const user = sql`${sql.placeholder('userId')}::uuid`;
  const [row] = await prepared(db, 'earnings_of', (d) =>
    d
      .select({
        sums: sql<EarningsData['sums']>`(select coalesce(json_agg(s), '[]') from (
          select t.kind as "txKind", a.kind as "accountKind", sum(e.amount_pence) as total
            from ${ledgerEntries} e
            join ${ledgerTransactions} t on t.id = e.transaction_id
            join ${ledgerAccounts} a on a.id = e.account_id
            join ${payments} p on p.id = t.payment_id
            join ${bookings} b on b.id = p.booking_id and b.tradesperson_id = ${user}
           group by t.kind, a.kind) s)`,
        payable: sql<number>`(select coalesce(sum(e.amount_pence), 0)::bigint from ${ledgerEntries} e
          join ${ledgerAccounts} a on a.id = e.account_id
          where a.code = 'tradesperson_payable:' || ${user}::text)`,
        paidOut: sql<number>`(select coalesce(sum(e.amount_pence), 0)::bigint from ${ledgerEntries} e
          join ${ledgerAccounts} a on a.id = e.account_id
          where a.code = 'payouts:' || ${user}::text)`,
        months: sql<EarningsData['months']>`(select coalesce(json_agg(m order by m.month), '[]') from (
          select to_char(t.created_at at time zone 'UTC', 'YYYY-MM') as month, sum(e.amount_pence) as total
            from ${ledgerEntries} e
            join ${ledgerAccounts} a on a.id = e.account_id
            join ${ledgerTransactions} t on t.id = e.transaction_id
           where a.code = 'tradesperson_payable:' || ${user}::text and t.kind = 'release'
             and t.created_at >= ${sql.placeholder('since')}::timestamptz
           group by 1) m)`,
        payouts: sql<EarningsData['payouts']>`(select coalesce(json_agg(json_build_object('id', o.id,
            'amountPence', o.amount_pence, 'status', o.status, 'createdAt', o.created_at, 'paidAt', o.paid_at)
            order by o.created_at desc), '[]') from (
          select * from ${payouts} where user_id = ${user} order by created_at desc limit ${sql.raw(String(EARNINGS_ROWS))}) o)`,
        payments: sql<EarningsData['payments']>`(select coalesce(json_agg(json_build_object(
            'payment', ${paymentJson('x')}, 'jobId', x.job_id, 'jobTitle', x.job_title,
            'customerName', x.customer_name, 'bookingStatus', x.booking_status) order by x.paid_at desc nulls first), '[]') from (
          select p.*, j.id as job_id, j.title as job_title, c.full_name as customer_name, b.status as booking_status
            from ${payments} p
            join ${bookings} b on b.id = p.booking_id
            join ${jobPostings} j on j.id = b.job_id
            left join ${profiles} c on c.id = b.customer_id
           where b.tradesperson_id = ${user} and p.status in ('succeeded', 'refunded')
           order by p.paid_at desc limit ${sql.raw(String(EARNINGS_ROWS))}) x)`,
        account: sql<EarningsData['account']>`(select json_build_object('chargesEnabled', ca.charges_enabled,
          'payoutsEnabled', ca.payouts_enabled, 'requirementsCurrentlyDue', ca.requirements_currently_due)
          from ${connectedAccounts} ca where ca.user_id = ${user})`,
      })
      .from(sql`(select 1) as one`)
      .prepare('earnings_of'),
  ).execute({ userId, since: since.toISOString() });
  return {
    ...row!,
    payable: Number(row!.payable),
    paidOut: Number(row!.paidOut),
    sums: row!.sums.map((s) => ({ ...s, total: Number(s.total) })),
    months: row!.months.map((m) => ({ ...m, total: Number(m.total) })),
  };
}

export async function findConnectedAccount(db: Executor, userId: string, { forUpdate = false } = {}) {
  const query = db.select().from(connectedAccounts).where(eq(connectedAccounts.userId, userId));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function findConnectedAccountByProviderId(db: Executor, providerAccountId: string) {
  const [row] = await db
    .select()
    .from(connectedAccounts)
    .where(eq(connectedAccounts.providerAccountId, providerAccountId));
  return row;
}

export async function insertConnectedAccount(tx: Executor, values: typeof connectedAccounts.$inferInsert) {
  const [row] = await tx
    .insert(connectedAccounts)
    .values(values)
    .onConflictDoNothing({ target: connectedAccounts.userId })
    .returning();
  return row ?? (await findConnectedAccount(tx, values.userId))!;
}

export async function updateConnectedAccount(
  tx: Executor,
  userId: string,
  values: Partial<typeof connectedAccounts.$inferInsert>,
) {
  const [row] = await tx
    .update(connectedAccounts)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(connectedAccounts.userId, userId))
    .returning();
  return row!;
}

export const { insert: insertPayout, find: findPayout, update: updatePayout } = tableRows(payouts);

export async function pendingPayouts(db: Executor, userId?: string) {
  return db
    .select()
    .from(payouts)
    .where(and(eq(payouts.status, 'pending'), userId ? eq(payouts.userId, userId) : undefined))
    .orderBy(asc(payouts.createdAt));
}

/** Tradespeople whose connected account takes payouts (the reconciliation job's round). */
export async function payoutReadyUsers(db: Executor) {
  return db
    .select({ userId: connectedAccounts.userId })
    .from(connectedAccounts)
    .where(eq(connectedAccounts.payoutsEnabled, true));
}
