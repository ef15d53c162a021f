import { LIMITS } from '../../../../domain/catalog/catalog';
import { formatPence, PLATFORM_FEE_BASIS_POINTS } from '../../../../domain/payments/money';
import type { AssistantToolName } from '../provider';
import type {
  MoneyHeldResult,
  MyOpenJobsResult,
  NextBookingResult,
  QuotesWaitingResult,
  UnreadMessagesResult,
} from '../tool-results';
import { type Reply, screenLink } from './reply';

// The asker's own data in plain English, from what the tools returned (tool-results.ts), with a link
// to the screen where they can see it all and act on it.

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
/**
 * Titles and names are other people's words: square brackets are dropped so that none can read as a
 * link in the reply.
 */
const plainText = (text: string) => text.replace(/[[\]]/g, '');
const quoted = (title: string) => `'${plainText(title)}'`;

/** 'Tuesday 1 December', in UK time; a plain day ('2026-12-01') is read as that day. */
function dayText(value: string): string {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value);
  return new Date(day ? `${value}T12:00:00Z` : value).toLocaleDateString('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: day ? 'UTC' : 'Europe/London',
  });
}

/** Names a list: 'a, b and c'. */
function listed(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** Where each tool's data is shown in full, for a customer and for a tradesperson. */
export const TOOL_SCREENS: Record<AssistantToolName, { customer: string; tradesperson: string }> = {
  my_open_jobs: { customer: '/my-jobs', tradesperson: '/my-jobs' },
  quotes_waiting: { customer: '/my-jobs', tradesperson: '/manage-quotes' },
  unread_messages: { customer: '/messages', tradesperson: '/messages' },
  next_booking: { customer: '/my-jobs', tradesperson: '/my-jobs' },
  money_held: { customer: '/my-jobs', tradesperson: '/tradesperson/payments' },
};

/** What each tool is about, for a sign-in prompt. */
export const TOOL_TOPICS: Record<AssistantToolName, string> = {
  my_open_jobs: 'jobs',
  quotes_waiting: 'quotes',
  unread_messages: 'messages',
  next_booking: 'bookings',
  money_held: 'payments',
};

export function phraseToolResult(reply: Reply, tool: AssistantToolName, result: unknown): void {
  // The tool's name says which result it returned: `never` lets each phraser take its own result type.
  PHRASERS[tool](reply, result as never, (path) => screenLink(path, reply.viewer));
}

type To = (path: string) => string;

/** How each tool's result is said. */
const PHRASERS: Record<AssistantToolName, (reply: Reply, result: never, to: To) => void> = {
  my_open_jobs: openJobs,
  quotes_waiting: quotesWaiting,
  unread_messages: unreadMessages,
  next_booking: nextBooking,
  money_held: moneyHeld,
};

function openJobs(reply: Reply, r: MyOpenJobsResult, to: To) {
  if (r.for === 'tradesperson') {
    if (r.total === 0) {
      reply.say(`You have no bookings in progress. Look for work in ${to('/browse')}.`);
      return;
    }
    const jobs = r.jobs.map((j) => {
      const when = j.scheduledDate ? ` on ${dayText(j.scheduledDate)}` : '';
      const who = j.customerName ? ` for ${plainText(j.customerName)}` : '';
      return `${quoted(j.title)}${who}${when} (${j.status === 'pending' ? 'waiting for you to confirm' : 'confirmed'})`;
    });
    reply.say(`You have ${plural(r.total, 'booking')} in progress: ${listed(jobs)}.`);
    reply.say(`They are all in ${to('/my-jobs')}.`);
    return;
  }
  if (r.total === 0) {
    reply.say(`You have no open jobs right now. ${to('/post-job')} to get quotes from local tradespeople.`);
    return;
  }
  const jobs = r.jobs.map((j) => {
    if (j.status === 'in_progress') return `${quoted(j.title)} (in progress)`;
    return `${quoted(j.title)} (${j.quotesWaiting === 0 ? 'no quotes yet' : `${plural(j.quotesWaiting, 'quote')} waiting`})`;
  });
  const more = r.total > r.jobs.length ? `, the latest ${r.jobs.length} being` : ':';
  reply.say(`You have ${plural(r.total, 'open job')}${more} ${listed(jobs)}.`);
  reply.say(`See them and their quotes in ${to('/my-jobs')}.`);
}

function quotesWaiting(reply: Reply, r: QuotesWaitingResult, to: To) {
  if (r.for === 'tradesperson') {
    if (r.total === 0) {
      reply.say(
        `None of your quotes is waiting for a customer right now. Find jobs to quote on in ${to('/browse')}.`,
      );
      return;
    }
    const quotes = r.quotes.map((q) => `${formatPence(q.amountPence)} for ${quoted(q.jobTitle)}`);
    reply.say(
      `${plural(r.total, 'quote')} of yours ${r.total === 1 ? 'is' : 'are'} waiting for the customer: ${listed(quotes)}.`,
    );
    reply.say(`You can edit or withdraw ${r.total === 1 ? 'it' : 'them'} in ${to('/manage-quotes')}.`);
    return;
  }
  if (r.total === 0) {
    reply.say(
      `No quotes are waiting for you right now. When tradespeople quote, they appear on each job in ${to('/my-jobs')}.`,
    );
    return;
  }
  const jobs = r.jobs.map(
    (j) => `${plural(j.quotes, 'quote')} on ${quoted(j.title)} (from ${formatPence(j.lowestPence)})`,
  );
  reply.say(`You have ${plural(r.total, 'quote')} waiting for your decision: ${listed(jobs)}.`);
  reply.say(`Compare them and accept one in ${to('/my-jobs')}.`);
}

function unreadMessages(reply: Reply, r: UnreadMessagesResult, to: To) {
  if (r.total === 0) {
    reply.say(`You have no unread messages. Your conversations are in ${to('/messages')}.`);
    return;
  }
  const from = r.conversations.map((c) => {
    const about = c.jobTitle ? ` about ${quoted(c.jobTitle)}` : '';
    return `${c.unread} from ${c.from ? plainText(c.from) : 'a TradeNest user'}${about}`;
  });
  reply.say(`You have ${plural(r.total, 'unread message')}: ${listed(from)}.`);
  reply.say(`Read and answer them in ${to('/messages')}.`);
}

function nextBooking(reply: Reply, r: NextBookingResult, to: To) {
  const b = r.booking;
  if (!b) {
    if (r.live > 0) {
      reply.say(
        `None of your ${plural(r.live, 'booking')} has a date from today onwards. Check them in ${to('/my-jobs')}.`,
      );
      return;
    }
    reply.say(
      reply.viewer.userType === 'tradesperson'
        ? `You have no upcoming bookings. Find work in ${to('/browse')}.`
        : `You have no upcoming bookings. Accepting a quote in ${to('/my-jobs')} books the tradesperson.`,
    );
    return;
  }
  const who = b.withName ? ` with ${plainText(b.withName)}` : '';
  const state = b.status === 'pending' ? 'waiting for confirmation' : 'confirmed';
  if (b.scheduledDate)
    reply.say(
      `Your next booking is ${quoted(b.jobTitle)}${who} on ${dayText(b.scheduledDate)} (${state}, ${formatPence(b.amountPence)}).`,
    );
  else
    reply.say(
      `Your next booking is ${quoted(b.jobTitle)}${who} (${state}, ${formatPence(b.amountPence)}). No date is set yet: agree one in ${to('/messages')}.`,
    );
  reply.say(`All your bookings are in ${to('/my-jobs')}.`);
}

function moneyHeld(reply: Reply, r: MoneyHeldResult, to: To) {
  const where = to(r.for === 'tradesperson' ? '/tradesperson/payments' : '/my-jobs');
  if (r.heldPence === 0) {
    reply.say(
      r.for === 'tradesperson'
        ? `No money is held in escrow for you right now. Your earnings and payouts are in ${where}.`
        : `None of your money is held in escrow right now. Your bookings and payments are in ${where}.`,
    );
    return;
  }
  const payments = r.payments.map((p) => {
    const when = p.frozen
      ? 'frozen while a dispute is open'
      : p.releaseAt
        ? `released on ${dayText(p.releaseAt)}`
        : 'held until the milestone is approved';
    return `${formatPence(p.heldPence)} for ${quoted(p.jobTitle)}, ${when}`;
  });
  // Each item has a comma of its own: semicolons keep them apart.
  reply.say(
    r.for === 'tradesperson'
      ? `${formatPence(r.heldPence)} is held in escrow for you: ${payments.join('; ')}.`
      : `${formatPence(r.heldPence)} of your payments is held in escrow: ${payments.join('; ')}.`,
  );
  // The rule behind the dates, with the figures the server uses.
  if (r.for === 'customer' && r.nextReleaseAt)
    reply.say(
      `Payments are held for ${LIMITS.escrowProtectionDays} days from when you paid, then go to the tradesperson, unless you release them sooner or raise a dispute first.`,
    );
  if (r.for === 'tradesperson')
    reply.say(
      `Payments are held for ${LIMITS.escrowProtectionDays} days from when the customer paid (or until the customer releases them), then paid to you less the ${PLATFORM_FEE_BASIS_POINTS / 100}% platform fee.`,
    );
  reply.say(`Details are in ${where}.`);
}
