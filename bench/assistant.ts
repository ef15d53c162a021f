// The local assistant (server/adapters/ai/local): its score on the evaluation set
// (server/modules/assistant/evaluation.json) and how long a reply takes, in-process with fake tools.
// Three timed runs of REPLIES replies each, each beside a raw reference: the same loop over the same
// requests, consuming a stream that holds the question instead of the assistant's reply, so a slow
// machine shows as a slow reference. Then, if it exists, the local description enhancer's time.
//
//   node --import tsx bench/assistant.ts            # score, failures and latencies
//
// Targets: score ≥ 90%, reply p95 ≤ 50 ms, enhancement p95 ≤ 20 ms. Printed, never asserted.
import { existsSync } from 'node:fs';
import type { AssistantContext } from '../domain/assistant/messages';
import { LocalAssistant } from '../server/adapters/ai/local/assistant';
import type {
  Asker,
  AssistantRequest,
  AssistantToolName,
  AssistantTools,
  ReplyChunk,
} from '../server/adapters/ai/provider';
import { ASSISTANT_TOOL_NAMES } from '../server/adapters/ai/provider';
import evaluation from '../server/modules/assistant/evaluation.json' with { type: 'json' };

const REPLIES = 2_000;
const ENHANCEMENTS = 1_000;

type Question = (typeof evaluation.questions)[number];
interface Expect {
  path?: string;
  tool?: string;
  phrase?: string;
  /** Each must be in the reply: a rule's figure and its subject ('15%', 'free'). */
  phrases?: string[];
}

const ASKERS: Record<string, Asker> = {
  guest: { kind: 'guest' },
  customer: { kind: 'authenticated', userType: 'customer', isAdmin: false, firstName: 'Sam' },
  tradesperson: { kind: 'authenticated', userType: 'tradesperson', isAdmin: false, firstName: 'Tom' },
  admin: { kind: 'authenticated', userType: 'customer', isAdmin: true, firstName: 'Ada' },
};

/** What the tools of a customer or a tradesperson with a little of everything would return. */
function fakeResult(name: AssistantToolName, tradesperson: boolean): unknown {
  const inAWeek = new Date(Date.UTC(2026, 11, 1, 12)).toISOString();
  switch (name) {
    case 'my_open_jobs':
      return tradesperson
        ? {
            for: 'tradesperson',
            total: 1,
            jobs: [
              {
                title: 'Fix a leaking tap',
                status: 'confirmed',
                scheduledDate: '2026-12-01',
                customerName: 'Sam Jones',
              },
            ],
          }
        : {
            for: 'customer',
            total: 2,
            jobs: [
              { title: 'Fix a leaking tap', status: 'open', postedAt: inAWeek, quotesWaiting: 2 },
              { title: 'Paint the hallway', status: 'in_progress', postedAt: inAWeek, quotesWaiting: 0 },
            ],
          };
    case 'quotes_waiting':
      return tradesperson
        ? {
            for: 'tradesperson',
            total: 1,
            quotes: [{ jobTitle: 'Rewire the kitchen', amountPence: 120_000, sentAt: inAWeek }],
          }
        : {
            for: 'customer',
            total: 2,
            jobs: [{ title: 'Fix a leaking tap', quotes: 2, lowestPence: 9_500 }],
          };
    case 'unread_messages':
      return { total: 3, conversations: [{ from: 'Tom Pipes', jobTitle: 'Fix a leaking tap', unread: 3 }] };
    case 'next_booking':
      return {
        booking: {
          jobTitle: 'Fix a leaking tap',
          status: 'confirmed',
          scheduledDate: '2026-12-01',
          withName: 'Tom Pipes',
          amountPence: 12_000,
        },
        live: 1,
      };
    case 'money_held':
      return {
        for: tradesperson ? 'tradesperson' : 'customer',
        heldPence: 12_000,
        payments: [{ jobTitle: 'Fix a leaking tap', heldPence: 12_000, releaseAt: inAWeek, frozen: false }],
        nextReleaseAt: inAWeek,
      };
  }
}

function fakeTools(asker: Asker, called: string[]): AssistantTools {
  if (asker.kind === 'guest') return { list: () => [], call: () => Promise.reject(new Error('guest')) };
  const tradesperson = asker.userType === 'tradesperson';
  return {
    list: () => ASSISTANT_TOOL_NAMES.map((name) => ({ name, description: name })),
    call: async (name) => {
      called.push(name);
      return fakeResult(name, tradesperson);
    },
  };
}

function requestFor(q: Question, called: string[]): AssistantRequest {
  const asker = ASKERS[q.asker]!;
  return {
    message: q.question,
    history: [],
    context: q.context as AssistantContext,
    asker,
    tools: fakeTools(asker, called),
    signal: new AbortController().signal,
  };
}

async function collect(stream: AsyncIterable<ReplyChunk>) {
  let text = '';
  const links: string[] = [];
  for await (const chunk of stream) {
    if (chunk.type === 'text') text += chunk.text;
    else links.push(chunk.link.path);
  }
  return { text, links };
}

const assistant = new LocalAssistant();

// ---- Score ----

const built = performance.now();
await collect(assistant.reply(requestFor(evaluation.questions[0]!, [])));
const firstReplyMs = performance.now() - built;

let passed = 0;
const failures: string[] = [];
for (const q of evaluation.questions) {
  const called: string[] = [];
  const { text, links } = await collect(assistant.reply(requestFor(q, called)));
  const expect = q.expect as Expect;
  const misses = [
    expect.path &&
      !links.some((p) => p === expect.path || p.startsWith(`${expect.path}#`)) &&
      `link ${expect.path}`,
    expect.tool && !called.includes(expect.tool) && `tool ${expect.tool}`,
    expect.phrase && !text.toLowerCase().includes(expect.phrase.toLowerCase()) && `phrase '${expect.phrase}'`,
    ...(expect.phrases ?? [])
      .filter((p) => !text.toLowerCase().includes(p.toLowerCase()))
      .map((p) => `phrase '${p}'`),
  ].filter(Boolean);
  if (misses.length === 0) passed++;
  else
    failures.push(
      `  ✗ [${q.asker}, ${q.context}] ${q.question}\n      missing ${misses.join(', ')}\n      reply: ${text}`,
    );
}
const score = (100 * passed) / evaluation.questions.length;
console.info(
  `Evaluation: ${passed} of ${evaluation.questions.length} questions answered as expected: ${score.toFixed(1)}% (target ≥ 90%)`,
);
if (failures.length > 0) console.info(failures.join('\n'));
console.info(`First reply (builds the search index): ${firstReplyMs.toFixed(1)} ms`);

// ---- Latency ----

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const figures = (times: number[]) => {
  const s = [...times].sort((a, b) => a - b);
  return { p50: percentile(s, 50), p95: percentile(s, 95), p99: percentile(s, 99) };
};
const ms = (n: number) => `${n.toFixed(3)} ms`;

async function* echo(message: string): AsyncIterable<ReplyChunk> {
  yield { type: 'text', text: message };
}

async function timeLoop(replyOf: (r: AssistantRequest) => AsyncIterable<ReplyChunk>) {
  const times: number[] = [];
  for (let i = 0; i < REPLIES; i++) {
    const q = evaluation.questions[i % evaluation.questions.length]!;
    const request = requestFor(q, []);
    const t = performance.now();
    await collect(replyOf(request));
    times.push(performance.now() - t);
  }
  return figures(times);
}

const runs: { assistant: ReturnType<typeof figures>; reference: ReturnType<typeof figures> }[] = [];
for (let run = 1; run <= 3; run++) {
  const reference = await timeLoop((r) => echo(r.message));
  const measured = await timeLoop((r) => assistant.reply(r));
  runs.push({ assistant: measured, reference });
  console.info(
    `Run ${run}: ${REPLIES} replies p50 ${ms(measured.p50)}, p95 ${ms(measured.p95)}, p99 ${ms(measured.p99)}` +
      ` | raw reference p50 ${ms(reference.p50)}, p95 ${ms(reference.p95)}, p99 ${ms(reference.p99)}`,
  );
}
const median = (pick: (r: (typeof runs)[number]) => number) => [...runs.map(pick)].sort((a, b) => a - b)[1]!;
console.info(
  `Median of 3: reply p50 ${ms(median((r) => r.assistant.p50))}, p95 ${ms(median((r) => r.assistant.p95))} (target ≤ 50 ms),` +
    ` p99 ${ms(median((r) => r.assistant.p99))}; reference p95 ${ms(median((r) => r.reference.p95))}`,
);

// ---- Enhancement (domain/assistant/enhance.ts, written separately) ----

const enhancePath = new URL('../domain/assistant/enhance.ts', import.meta.url);
if (!existsSync(enhancePath)) {
  console.info(
    'Enhancement p95 (target ≤ 20 ms): not built yet (domain/assistant/enhance.ts does not exist)',
  );
} else {
  const { enhanceLocally } = await import(enhancePath.href);
  const inputs = [
    {
      description: 'leaking tap in kitchen need it fixed asap its dripping all the time',
      category: 'Plumbing',
    },
    {
      description: 'want the hallway and stairs painted, walls and ceiling, two coats',
      category: 'Painting',
    },
    {
      description: 'fence panels blown down in the storm need replacing at the back of garden',
      category: 'Gardening',
    },
  ];
  const times: number[] = [];
  for (let i = 0; i < ENHANCEMENTS; i++) {
    const t = performance.now();
    await enhanceLocally(inputs[i % inputs.length]);
    times.push(performance.now() - t);
  }
  const f = figures(times);
  console.info(
    `Enhancement: ${ENHANCEMENTS} runs p50 ${ms(f.p50)}, p95 ${ms(f.p95)} (target ≤ 20 ms), p99 ${ms(f.p99)}`,
  );
}
