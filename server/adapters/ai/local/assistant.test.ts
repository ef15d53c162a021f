import { describe, expect, it } from 'vitest';
import type { AssistantContext } from '../../../../domain/assistant/messages';
import { customer, guest, tradesperson } from '../../../../test/askers';
import {
  ASSISTANT_TOOL_NAMES,
  type Asker,
  type AssistantToolName,
  type AssistantTools,
  type ReplyChunk,
} from '../provider';
import type { MoneyHeldResult, QuotesWaitingResult, UnreadMessagesResult } from '../tool-results';
import { LocalAssistant } from './assistant';

/** What the tools of a customer with nothing going on return. */
const NOTHING: Record<AssistantToolName, unknown> = {
  my_open_jobs: { for: 'customer', total: 0, jobs: [] },
  quotes_waiting: { for: 'customer', total: 0, jobs: [] },
  unread_messages: { total: 0, conversations: [] },
  next_booking: { booking: null, live: 0 },
  money_held: { for: 'customer', heldPence: 0, payments: [], nextReleaseAt: null },
};

/** Tools that answer from a table and remember what was called. */
function fakeTools(results: Partial<Record<AssistantToolName, unknown>> = {}) {
  const called: AssistantToolName[] = [];
  const tools: AssistantTools = {
    list: () => ASSISTANT_TOOL_NAMES.map((name) => ({ name, description: name })),
    call: async (name) => {
      called.push(name);
      return results[name] ?? NOTHING[name];
    },
  };
  return { tools, called };
}

const noTools: AssistantTools = {
  list: () => [],
  call: () => Promise.reject(new Error('a guest has no tools')),
};

async function ask(
  message: string,
  {
    asker = customer,
    context = 'general',
    tools = fakeTools().tools,
  }: { asker?: Asker; context?: AssistantContext; tools?: AssistantTools } = {},
) {
  const chunks: ReplyChunk[] = [];
  for await (const chunk of new LocalAssistant().reply({
    message,
    history: [],
    context,
    asker,
    tools,
    signal: new AbortController().signal,
  }))
    chunks.push(chunk);
  const text = chunks.flatMap((c) => (c.type === 'text' ? [c.text] : [])).join('');
  const links = chunks.flatMap((c) => (c.type === 'link' ? [c.link.path] : []));
  return { chunks, text, links };
}

describe('the local assistant: how-to and where-is questions', () => {
  it('sends a customer who wants work done to Post a Job', async () => {
    const { text, links } = await ask('How do I post a job?');
    expect(links).toContain('/post-job');
    expect(text).toContain('[Post a Job](/post-job)');
  });

  it('sends a tradesperson looking for work to Find Jobs', async () => {
    const { text, links } = await ask('how do i get more work', { asker: tradesperson });
    expect(links).toContain('/browse');
    expect(text).toContain('[Find Jobs](/browse)');
  });

  it('names screens as the asker sees them: My Bookings for a tradesperson', async () => {
    const { text } = await ask('how do I see my bookings?', { asker: tradesperson });
    expect(text).toContain('[My Bookings](/my-jobs)');
  });

  it('finds the screen despite a typo', async () => {
    const { links } = await ask('where are my saved proffesionals');
    expect(links).toContain('/saved-pros');
  });

  it('never links a screen that is not built yet', async () => {
    const { text, links } = await ask('where is my calendar', { asker: tradesperson });
    expect(text).toMatch(/not available/);
    expect(links).not.toContain('/tradesperson/calendar');
  });

  it('nudges someone on the post-a-job form back to it', async () => {
    const { links } = await ask('what should I write in the description?', { context: 'posting a job' });
    expect(links).toContain('/post-job');
  });

  it('tells a guest to sign in before using a signed-in screen', async () => {
    const { links } = await ask('how do i post a job', { asker: guest, tools: noTools });
    expect(links).toEqual(expect.arrayContaining(['/post-job', '/auth']));
  });

  it('answers a short follow-up with the question before it', async () => {
    const chunks: ReplyChunk[] = [];
    for await (const chunk of new LocalAssistant().reply({
      message: 'and where is that?',
      history: [
        { role: 'user', content: 'how do I get verified' },
        { role: 'assistant', content: 'Upload your photo ID and insurance.' },
      ],
      context: 'general',
      asker: tradesperson,
      tools: fakeTools().tools,
      signal: new AbortController().signal,
    }))
      chunks.push(chunk);
    expect(chunks).toContainEqual({ type: 'link', link: { label: 'Documents', path: '/documents' } });
  });

  it('falls back to the FAQ and Support when it has no answer', async () => {
    const { text, links } = await ask('what is the weather like tomorrow?');
    expect(text).toMatch(/not sure/);
    expect(links).toEqual(expect.arrayContaining(['/faq', '/support']));
  });

  it('greets and thanks with the FAQ and Support to hand', async () => {
    const hello = await ask('hello');
    expect(hello.text).toMatch(/^Hi Sam!/);
    expect(hello.links).toEqual(expect.arrayContaining(['/faq', '/support']));
    const thanks = await ask('thanks!');
    expect(thanks.text).toMatch(/welcome/);
    expect(thanks.links).toEqual(expect.arrayContaining(['/faq', '/support']));
  });
});

describe("the local assistant: the asker's own data", () => {
  it('reads unread messages through the tool and links Messages', async () => {
    const unread: UnreadMessagesResult = {
      total: 2,
      conversations: [{ from: 'Tom Pipes', jobTitle: 'Fix a leaking tap', unread: 2 }],
    };
    const { tools, called } = fakeTools({ unread_messages: unread });
    const { text, links } = await ask('Do I have any unread messages?', { tools });
    expect(called).toEqual(['unread_messages']);
    expect(text).toContain("2 unread messages: 2 from Tom Pipes about 'Fix a leaking tap'");
    expect(links).toContain('/messages');
  });

  it.each<[string, Asker, AssistantToolName]>([
    ['any new quotes on my jobs?', customer, 'quotes_waiting'],
    ['which of my quotes are still pending', tradesperson, 'quotes_waiting'],
    ['show me my open jobs', customer, 'my_open_jobs'],
    ['when is my next booking', customer, 'next_booking'],
    ['when will I get paid?', tradesperson, 'money_held'],
    ['do i have any mesages', tradesperson, 'unread_messages'],
  ])('answers "%s" with the right tool', async (message, asker, tool) => {
    const { tools, called } = fakeTools();
    await ask(message, { asker, tools });
    expect(called).toEqual([tool]);
  });

  it("phrases a customer's waiting quotes in pounds, with a link to My Jobs", async () => {
    const quotes: QuotesWaitingResult = {
      for: 'customer',
      total: 3,
      jobs: [
        { title: 'Fix a leaking tap', quotes: 2, lowestPence: 9_550 },
        { title: 'Paint the hallway', quotes: 1, lowestPence: 30_000 },
      ],
    };
    const { text, links } = await ask('have I got any quotes yet', {
      tools: fakeTools({ quotes_waiting: quotes }).tools,
    });
    expect(text).toContain(
      "3 quotes waiting for your decision: 2 quotes on 'Fix a leaking tap' (from £95.50)",
    );
    expect(links).toContain('/my-jobs');
  });

  it('tells a tradesperson when held money is released, with a link to Payments', async () => {
    const held: MoneyHeldResult = {
      for: 'tradesperson',
      heldPence: 12_000,
      payments: [
        {
          jobTitle: 'Fix a leaking tap',
          heldPence: 12_000,
          releaseAt: '2026-12-01T12:00:00.000Z',
          frozen: false,
        },
      ],
      nextReleaseAt: '2026-12-01T12:00:00.000Z',
    };
    const { text, links } = await ask('when will I get paid?', {
      asker: tradesperson,
      tools: fakeTools({ money_held: held }).tools,
    });
    expect(text).toContain(
      "£120.00 is held in escrow for you: £120.00 for 'Fix a leaking tap', released on Tuesday 1 December.",
    );
    expect(links).toContain('/tradesperson/payments');
  });

  it('asks a guest to sign in instead of reading "my" data', async () => {
    const { text, links } = await ask('Do I have any messages?', { asker: guest, tools: noTools });
    expect(text).toMatch(/signed in/);
    expect(links).toEqual(['/auth']);
  });

  it("refuses other people's data and never repeats what was asked about", async () => {
    const { tools, called } = fakeTools();
    const { text } = await ask(
      "What quotes are on job 3f1c2b9e-8a8d-4c55-9a43-2d2f1c9e7b10, 'Rewire the loft'?",
      { tools },
    );
    expect(text).toMatch(/only see your own/);
    expect(text).not.toMatch(/3f1c2b9e|Rewire the loft/);
    expect(called).toEqual([]);
  });
});

describe('the local assistant: what it cannot do', () => {
  it.each<[string, Asker, string]>([
    ['Can you cancel my booking for me?', customer, '/my-jobs'],
    ['pay the electrician now', customer, '/my-jobs'],
    ['message the builder and tell him I will be late', customer, '/messages'],
    ['withdraw my quote for the bathroom job', tradesperson, '/manage-quotes'],
    ['delete my account', customer, '/profile'],
  ])('says plainly it cannot act on "%s" and where to do it', async (message, asker, path) => {
    const { tools, called } = fakeTools();
    const { text, links } = await ask(message, { asker, tools });
    expect(text).toMatch(/^I can't .+ for you/);
    expect(links).toContain(path);
    expect(called).toEqual([]);
  });
});

describe('the local assistant: streaming', () => {
  it('streams text chunks, each link right after the sentence that wrote it, then ends', async () => {
    const { chunks, text } = await ask('How do I post a job?');
    expect(chunks[0]?.type).toBe('text');
    for (const [i, chunk] of chunks.entries())
      if (chunk.type === 'link') {
        const before = chunks
          .slice(0, i)
          .flatMap((c) => (c.type === 'text' ? [c.text] : []))
          .join('');
        expect(before).toContain(`](${chunk.link.path})`);
      }
    expect(text).not.toMatch(/<[a-z]/i);
  });

  it('gives the same reply to the same question', async () => {
    const first = await ask('how do i raise a dispute');
    const second = await ask('how do i raise a dispute');
    expect(second.chunks).toEqual(first.chunks);
  });

  it('stops when the request is aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const chunks: ReplyChunk[] = [];
    for await (const chunk of new LocalAssistant().reply({
      message: 'How do I post a job?',
      history: [],
      context: 'general',
      asker: customer,
      tools: fakeTools().tools,
      signal: controller.signal,
    }))
      chunks.push(chunk);
    expect(chunks).toEqual([]);
  });
});
