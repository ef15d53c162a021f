import { statusOf } from '../../../domain/catalog/statuses';
import { londonToday } from '../../../domain/marketplace/schemas';
import type { AssistantToolName, AssistantTools, ToolSpec } from '../../adapters/ai/provider';
import type {
  MoneyHeldResult,
  MyOpenJobsResult,
  NextBookingResult,
  QuotesWaitingResult,
  UnreadMessagesResult,
} from '../../adapters/ai/tool-results';
import type { Executor } from '../../db/client';
import type { Clock } from '../../lib/clock';
import {
  heldPayments,
  LIST_LIMIT,
  LIVE_BOOKING,
  liveBookingsOfTradesperson,
  OPEN_JOB,
  openJobsOfCustomer,
  pendingQuotesOfTradesperson,
  quotesWaitingForCustomer,
  unreadByConversation,
  upcomingBookings,
  userTypeOf,
} from './assistant.repository';

// The assistant's tools: reads of the session user's own data, bound to their id here. None takes an
// argument, so neither a model nor a crafted question can point one at someone else's rows.

const SPECS: ToolSpec[] = [
  {
    name: 'my_open_jobs',
    description:
      "The user's live work: a customer's jobs open or in progress with the quotes waiting on each; a tradesperson's bookings pending or confirmed.",
  },
  {
    name: 'quotes_waiting',
    description:
      'Quotes waiting for a decision: for a customer, pending quotes on their open jobs; for a tradesperson, their own quotes the customer has not answered yet.',
  },
  { name: 'unread_messages', description: 'Unread messages sent to the user, by conversation.' },
  {
    name: 'next_booking',
    description: "The user's next booking (as customer or tradesperson), from today, and how many are live.",
  },
  {
    name: 'money_held',
    description:
      "Money held in escrow on the user's bookings and when it is released (paid by a customer, or due to a tradesperson).",
  },
];

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function assistantTools(db: Executor, userId: string | null, clock: Clock): AssistantTools {
  if (!userId)
    return { list: () => [], call: (name) => Promise.reject(new Error(`no tool ${name} for a guest`)) };
  const me = userId;
  let known: Promise<'customer' | 'tradesperson'> | undefined;
  const userType = () => {
    known ??= userTypeOf(db, me);
    return known;
  };

  const tools: Record<AssistantToolName, () => Promise<unknown>> = {
    async my_open_jobs(): Promise<MyOpenJobsResult> {
      if ((await userType()) === 'tradesperson') {
        const { rows, total } = await liveBookingsOfTradesperson(db, me);
        return {
          for: 'tradesperson',
          total,
          jobs: rows.map((r) => ({ ...r, status: statusOf(LIVE_BOOKING, r.status) })),
        };
      }
      const { rows, total } = await openJobsOfCustomer(db, me);
      return {
        for: 'customer',
        total,
        jobs: rows.map((r) => ({
          title: r.title,
          status: statusOf(OPEN_JOB, r.status),
          postedAt: r.createdAt.toISOString(),
          quotesWaiting: r.quotesWaiting,
        })),
      };
    },

    async quotes_waiting(): Promise<QuotesWaitingResult> {
      if ((await userType()) === 'tradesperson') {
        const { rows, total } = await pendingQuotesOfTradesperson(db, me);
        return {
          for: 'tradesperson',
          total,
          quotes: rows.map((r) => ({ ...r, sentAt: r.sentAt.toISOString() })),
        };
      }
      const rows = await quotesWaitingForCustomer(db, me);
      return {
        for: 'customer',
        total: rows.reduce((sum, r) => sum + r.quotes, 0),
        jobs: rows.slice(0, LIST_LIMIT).map((r) => ({ ...r, lowestPence: r.lowestPence ?? 0 })),
      };
    },

    async unread_messages(): Promise<UnreadMessagesResult> {
      const rows = await unreadByConversation(db, me);
      return { total: rows.reduce((sum, r) => sum + r.unread, 0), conversations: rows.slice(0, LIST_LIMIT) };
    },

    async next_booking(): Promise<NextBookingResult> {
      const { next, live } = await upcomingBookings(db, me, londonToday(clock.now()));
      return {
        booking: next ? { ...next, status: statusOf(LIVE_BOOKING, next.status) } : null,
        live,
      };
    },

    async money_held(): Promise<MoneyHeldResult> {
      const side = await userType();
      const rows = await heldPayments(db, me, side);
      const views = rows.map((r) => {
        // A dispute freezes the money until an admin decides; no date can be promised then.
        const frozen = r.bookingStatus === 'disputed';
        return {
          jobTitle: r.jobTitle,
          heldPence: r.heldPence,
          releaseAt: frozen ? null : iso(r.heldUntil),
          frozen,
        };
      });
      const dates = views.flatMap((v) => (v.releaseAt ? [v.releaseAt] : [])).sort();
      return {
        for: side,
        heldPence: views.reduce((sum, v) => sum + v.heldPence, 0),
        payments: views.slice(0, LIST_LIMIT),
        nextReleaseAt: dates[0] ?? null,
      };
    },
  };

  return {
    list: () => SPECS,
    call: (name) => {
      const tool = tools[name];
      return tool ? tool() : Promise.reject(new Error(`unknown tool ${name}`));
    },
  };
}
