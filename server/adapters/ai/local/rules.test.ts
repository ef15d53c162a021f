import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../../../domain/catalog/catalog';
import { DISPUTE_RULES } from '../../../../domain/disputes/messages';
import { MILESTONE_RULES } from '../../../../domain/milestones/messages';
import { formatPence, PLATFORM_FEE_BASIS_POINTS, platformFeePence } from '../../../../domain/payments/money';
import { REVIEW_RULES } from '../../../../domain/reviews/messages';
import { customer, guest, tradesperson } from '../../../../test/askers';
import type { Asker, AssistantTools, ReplyChunk } from '../provider';
import { LocalAssistant } from './assistant';

// The assistant's answers about rules and figures (rules.ts), checked against the constants the server
// enforces (docs/domain-rules.md), as each kind of asker, in wordings the evaluation set does not have.

const FEE = `${PLATFORM_FEE_BASIS_POINTS / 100}%`;
const HELD = `${LIMITS.escrowProtectionDays} days`;
const REVEAL = `${REVIEW_RULES.revealAfterDays} days`;
const RESPOND = `${DISPUTE_RULES.responseDays} days`;

const ASKERS = { guest, customer, tradesperson };
const noTools: AssistantTools = { list: () => [], call: () => Promise.reject(new Error('no tools')) };

async function ask(message: string, asker: Asker) {
  const chunks: ReplyChunk[] = [];
  for await (const chunk of new LocalAssistant().reply({
    message,
    history: [],
    context: 'general',
    asker,
    tools: noTools,
    signal: new AbortController().signal,
  }))
    chunks.push(chunk);
  return {
    text: chunks.flatMap((c) => (c.type === 'text' ? [c.text] : [])).join(''),
    links: chunks.flatMap((c) => (c.type === 'link' ? [c.link.path] : [])),
  };
}

describe('the assistant on getting quotes', () => {
  it.each([
    'How do I get quotes for a leaking tap?',
    'how can I get a quote to replace my boiler',
    'i need a roofer to look at some missing slates, what do i do?',
    'Looking for someone to fix a dripping shower, how does it work here?',
  ])('tells a guest how posting a job works, with Post a Job and sign-in: %j', async (question) => {
    const { text, links } = await ask(question, guest);
    expect(text).not.toContain("I'm not sure");
    expect(links).toContain('/post-job');
    expect(links).toContain('/auth');
    expect(text).toContain(`Up to ${LIMITS.liveQuotesPerJob}`);
    expect(text).toMatch(/free/);
  });

  it('tells a customer, and points to where the quotes arrive', async () => {
    const { links } = await ask('How do I get quotes for painting the stairs?', customer);
    expect(links).toEqual(expect.arrayContaining(['/post-job', '/my-jobs']));
    expect(links).not.toContain('/auth');
  });
});

describe('the assistant on fees', () => {
  it.each(Object.entries(ASKERS))(
    'says posting is free and the %s fee is paid by tradespeople',
    async (_, asker) => {
      for (const question of ['What does it cost?', 'what are your charges', 'is it free?']) {
        const { text, links } = await ask(question, asker);
        expect(text, question).toContain(FEE);
        expect(text, question).toMatch(/free for customers/);
        expect(links, question).toContain('/faq#what-tradenest-charges');
      }
    },
  );

  it('works out the fee on an amount the question names, as the server rounds it', async () => {
    const { text } = await ask('whats the fee on a £333.33 job', tradesperson);
    const fee = platformFeePence(33_333);
    expect(text).toContain(`the fee is ${formatPence(fee)}`);
    expect(text).toContain(`receives ${formatPence(33_333 - fee)}`);
  });
});

describe('the assistant on escrow, reviews, disputes, verification, milestones and cancelling', () => {
  const cases: [string, Asker, string[], string?][] = [
    ['how long is the money kept in escrow', guest, [HELD]],
    ['do I need to pay before the work starts', customer, [HELD, 'marked the work complete']],
    [
      'how long till I receive my money after finishing a job',
      tradesperson,
      [HELD, FEE],
      '/tradesperson/payments',
    ],
    ['when do reviews get published', guest, [REVEAL]],
    ["I left a review but the tradesperson can't see it", customer, [REVEAL], '/faq#fair-reveal'],
    ['how many days does the other side get to reply to a dispute', tradesperson, [RESPOND, 'frozen']],
    ['what happens if the work is badly done', customer, ['dispute', RESPOND], '/my-jobs'],
    ['are the trades people checked?', guest, ['photo ID', 'public liability insurance']],
    [
      'what documents do I need to send to be verified',
      tradesperson,
      ['photo ID', 'insurance'],
      '/documents',
    ],
    [
      'can a big job be paid in instalments',
      customer,
      [`${MILESTONE_RULES.minMilestones} to ${MILESTONE_RULES.maxMilestones} milestones`, FEE],
      '/payment-methods',
    ],
    ['how do stage payments work', tradesperson, ['milestone', `${MILESTONE_RULES.approvalDays} days`]],
    ['how do I cancel my job', customer, ['open job', 'declined'], '/my-jobs'],
    ['can I pull out of a booking', tradesperson, ['confirmed', 'dispute']],
    ['can I cancel once a booking is confirmed?', guest, ['cannot be cancelled', 'dispute'], '/auth'],
    ['the electrician never turned up', customer, ['dispute', RESPOND]],
    [
      'how does this site work?',
      guest,
      ['Post a Job', `up to ${LIMITS.liveQuotesPerJob}`, HELD],
      '/post-job',
    ],
    ['how does it work for tradespeople', guest, [FEE, HELD], '/support#how-it-works-tradespeople'],
    ['How much do tradespeople pay?', guest, [FEE]],
  ];
  it.each(cases)('answers %j with the rule', async (question, asker, phrases, path) => {
    const { text, links } = await ask(question, asker);
    for (const phrase of phrases) expect(text).toContain(phrase);
    if (path) expect(links).toContain(path);
  });

  it('says nothing of money of someone else when asked about the customer’s money in general', async () => {
    const { text } = await ask("is the customer's payment held somewhere safe", tradesperson);
    expect(text).toContain(HELD);
    expect(text).not.toMatch(/only see your own/);
  });
});
