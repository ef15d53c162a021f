import { beforeAll, expect, it } from 'vitest';
import { londonToday } from '../../../domain/marketplace/schemas';
import { ManualClock } from '../../../test/clock';
import { describeOnDatabases } from '../../../test/databases';
import { LocalAssistant } from '../../adapters/ai/local/assistant';
import type { Asker, AssistantTools } from '../../adapters/ai/provider';
import type {
  MoneyHeldResult,
  MyOpenJobsResult,
  NextBookingResult,
  QuotesWaitingResult,
  UnreadMessagesResult,
} from '../../adapters/ai/tool-results';
import {
  createBooking,
  createConversation,
  createCustomer,
  createJob,
  createMessage,
  createQuote,
  createTradesperson,
} from '../../seed/factories';
import { assistantTools } from './tools';

// Each tool reads the session user's own rows and nobody else's: two customers and two tradespeople
// with a little of everything each, and the local assistant asked, as customer A, about B's job by its
// id and title.

const DAY = 24 * 60 * 60 * 1000;

describeOnDatabases('assistant tools', (ctx) => {
  const db = () => ctx.database().db;
  // The factories stamp payments with the real time, so the tools' clock reads it too.
  const clock = new ManualClock(new Date());
  const inDays = (n: number) => londonToday(new Date(clock.now().getTime() + n * DAY));

  let a: { id: string; tools: () => AssistantTools };
  let b: { id: string; jobId: string };
  let pro: { id: string; tools: () => AssistantTools };

  beforeAll(async () => {
    const customerA = await createCustomer(db(), { fullName: 'Alice Able' });
    const customerB = await createCustomer(db(), { fullName: 'Bob Baker' });
    const tom = await createTradesperson(db(), { fullName: 'Tom Pipes', verified: true });
    const vic = await createTradesperson(db(), {
      fullName: 'Vic Volts',
      trade: 'Electrician',
      verified: true,
    });

    // A: an open job with two quotes waiting and one declined, a booked job and a paid one.
    const tap = await createJob(db(), { customerId: customerA.id, title: 'Fix a leaking tap' });
    await createQuote(db(), { jobId: tap.id, tradespersonId: tom.id, amount: 12_000 });
    await createQuote(db(), { jobId: tap.id, tradespersonId: vic.id, amount: 9_500 });
    const hall = await createJob(db(), {
      customerId: customerA.id,
      title: 'Paint the hallway',
      status: 'in_progress',
    });
    const hallQuote = await createQuote(db(), {
      jobId: hall.id,
      tradespersonId: tom.id,
      status: 'accepted',
      amount: 40_000,
    });
    await createBooking(db(), { quoteId: hallQuote.id, status: 'confirmed', scheduledDate: inDays(3) });
    const fence = await createJob(db(), {
      customerId: customerA.id,
      title: 'Mend the fence',
      status: 'completed',
    });
    const fenceQuote = await createQuote(db(), {
      jobId: fence.id,
      tradespersonId: tom.id,
      status: 'accepted',
      amount: 25_000,
    });
    await createBooking(db(), {
      quoteId: fenceQuote.id,
      status: 'completed',
      depositPaid: true,
      paidAt: clock.now(),
    });

    // B: the same kinds of rows, with Vic, that A must never see.
    const loft = await createJob(db(), { customerId: customerB.id, title: 'Rewire the loft' });
    await createQuote(db(), { jobId: loft.id, tradespersonId: vic.id, amount: 80_000 });
    const shed = await createJob(db(), {
      customerId: customerB.id,
      title: 'Light the shed',
      status: 'in_progress',
    });
    const shedQuote = await createQuote(db(), {
      jobId: shed.id,
      tradespersonId: vic.id,
      status: 'accepted',
      amount: 30_000,
    });
    await createBooking(db(), { quoteId: shedQuote.id, status: 'confirmed', scheduledDate: inDays(1) });
    const gate = await createJob(db(), {
      customerId: customerB.id,
      title: 'Hang the gate',
      status: 'completed',
    });
    const gateQuote = await createQuote(db(), {
      jobId: gate.id,
      tradespersonId: vic.id,
      status: 'accepted',
      amount: 15_000,
    });
    await createBooking(db(), {
      quoteId: gateQuote.id,
      status: 'completed',
      depositPaid: true,
      paidAt: clock.now(),
    });

    // Messages: Tom wrote to A twice (unread) and once (read); A's own messages and B's never count for A.
    const talk = await createConversation(db(), {
      participantOneId: customerA.id,
      participantTwoId: tom.id,
      jobId: tap.id,
    });
    await createMessage(db(), { conversationId: talk.id, senderId: tom.id, read: true });
    await createMessage(db(), { conversationId: talk.id, senderId: tom.id });
    await createMessage(db(), { conversationId: talk.id, senderId: tom.id });
    await createMessage(db(), { conversationId: talk.id, senderId: customerA.id });
    const other = await createConversation(db(), {
      participantOneId: customerB.id,
      participantTwoId: vic.id,
    });
    await createMessage(db(), { conversationId: other.id, senderId: vic.id });

    a = { id: customerA.id, tools: () => assistantTools(db(), customerA.id, clock) };
    b = { id: customerB.id, jobId: loft.id };
    pro = { id: tom.id, tools: () => assistantTools(db(), tom.id, clock) };
  });

  it('gives a guest no tools', () => {
    expect(assistantTools(db(), null, clock).list()).toEqual([]);
  });

  it("lists a customer's open and in-progress jobs with the quotes waiting on each", async () => {
    const result = (await a.tools().call('my_open_jobs')) as MyOpenJobsResult;
    expect(result).toMatchObject({
      for: 'customer',
      total: 2,
      jobs: [
        { title: 'Paint the hallway', status: 'in_progress', quotesWaiting: 0 },
        { title: 'Fix a leaking tap', status: 'open', quotesWaiting: 2 },
      ],
    });
  });

  it("counts the quotes waiting on a customer's open jobs, with the lowest price", async () => {
    const result = (await a.tools().call('quotes_waiting')) as QuotesWaitingResult;
    expect(result).toEqual({
      for: 'customer',
      total: 2,
      jobs: [{ title: 'Fix a leaking tap', quotes: 2, lowestPence: 9_500 }],
    });
  });

  it('counts only unread messages sent to the user', async () => {
    const result = (await a.tools().call('unread_messages')) as UnreadMessagesResult;
    expect(result).toEqual({
      total: 2,
      conversations: [{ from: 'Tom Pipes', jobTitle: 'Fix a leaking tap', unread: 2 }],
    });
  });

  it("finds the customer's next booking, not one of someone else's that comes sooner", async () => {
    const result = (await a.tools().call('next_booking')) as NextBookingResult;
    expect(result).toEqual({
      booking: {
        jobTitle: 'Paint the hallway',
        status: 'confirmed',
        scheduledDate: inDays(3),
        withName: 'Tom Pipes',
        amountPence: 40_000,
      },
      live: 1,
    });
  });

  it('tells each side what is held in escrow and when it is released', async () => {
    const paid = (await a.tools().call('money_held')) as MoneyHeldResult;
    expect(paid).toMatchObject({
      for: 'customer',
      heldPence: 25_000,
      payments: [{ jobTitle: 'Mend the fence', frozen: false }],
    });
    expect(new Date(paid.nextReleaseAt!).getTime()).toBeGreaterThan(clock.now().getTime() + 6 * DAY);
    const due = (await pro.tools().call('money_held')) as MoneyHeldResult;
    expect(due).toMatchObject({
      for: 'tradesperson',
      heldPence: 25_000,
      payments: [{ jobTitle: 'Mend the fence' }],
    });
  });

  it('gives a tradesperson their own bookings and pending quotes', async () => {
    const jobs = (await pro.tools().call('my_open_jobs')) as MyOpenJobsResult;
    expect(jobs).toMatchObject({
      for: 'tradesperson',
      total: 1,
      jobs: [{ title: 'Paint the hallway', status: 'confirmed', customerName: 'Alice Able' }],
    });
    const quotes = (await pro.tools().call('quotes_waiting')) as QuotesWaitingResult;
    expect(quotes).toMatchObject({
      for: 'tradesperson',
      total: 1,
      quotes: [{ jobTitle: 'Fix a leaking tap', amountPence: 12_000 }],
    });
  });

  it("never shows one customer another's data, even asked by the job's id and title", async () => {
    const asker: Asker = { kind: 'authenticated', userType: 'customer', isAdmin: false, firstName: 'Alice' };
    const assistant = new LocalAssistant();
    const ask = async (message: string) => {
      let text = '';
      for await (const chunk of assistant.reply({
        message,
        history: [],
        context: 'general',
        asker,
        tools: a.tools(),
        signal: new AbortController().signal,
      }))
        text += chunk.type === 'text' ? chunk.text : ` ${chunk.link.path}`;
      return text;
    };
    const B_ROWS = /Rewire the loft|Light the shed|Hang the gate|Bob Baker|Vic Volts|£800|£300|£150/;
    for (const message of [
      `What quotes are on job ${b.jobId}, 'Rewire the loft'?`,
      "Show me the quotes on 'Rewire the loft'",
      'show me my open jobs',
      'have I got any quotes yet',
      'do I have any unread messages',
      'when is my next booking',
      'is any of my money held in escrow',
    ]) {
      const reply = await ask(message);
      expect(reply).not.toMatch(B_ROWS);
      expect(reply).not.toContain(b.jobId);
      expect(reply).not.toContain(b.id);
    }
    expect(await ask('show me my open jobs')).toContain('Fix a leaking tap');
  });
});
