import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buffer } from 'node:stream/consumers';
import { APIError } from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { enhanceLocally } from '../../../domain/assistant/enhance';
import { OpenAiProvider } from './openai';
import type { AssistantRequest, AssistantToolName, AssistantTools, ReplyChunk } from './provider';

// A local stand-in for an OpenAI-compatible chat-completions server: it records each request the SDK
// sends and answers from a queue, streaming with OpenAI's SSE framing, so the provider is tested against
// the real SDK without a network.

const API_KEY = 'sk-tradenest-fake-key-for-the-local-fake-only';
const MODEL = 'gpt-fake-mini';

interface Recorded {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  // biome-ignore lint/suspicious/noExplicitAny: the request body as the SDK sent it, read by the tests.
  body: any;
}
type Answer =
  | { status: number; json: unknown; headers?: Record<string, string> }
  /** Server-sent events, then `data: [DONE]`; `hold` leaves the stream open after them. */
  | { events: unknown[]; hold?: boolean }
  /** No answer at all, until the test ends. */
  | { hang: true };

let server: Server;
let baseUrl: string;
let requests: Recorded[] = [];
/** Answers for the next requests, in order; a function sees the request first. */
let queued: (Answer | ((request: Recorded) => Answer))[] = [];
let held: ServerResponse[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    void buffer(req).then((raw) => {
      const recorded: Recorded = {
        method: req.method!,
        path: new URL(req.url!, 'http://fake').pathname,
        headers: req.headers,
        body: raw.length > 0 ? JSON.parse(raw.toString('utf8')) : null,
      };
      requests.push(recorded);
      const next = queued.shift() ?? { status: 404, json: { error: { message: 'Nothing queued' } } };
      const answer = typeof next === 'function' ? next(recorded) : next;
      if ('hang' in answer) {
        held.push(res);
        return;
      }
      if ('json' in answer) {
        res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
        res.end(JSON.stringify(answer.json));
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      for (const event of answer.events) res.write(`data: ${JSON.stringify(event)}\n\n`);
      if (answer.hold) held.push(res);
      else res.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  for (const res of held) res.end();
  requests = [];
  queued = [];
  held = [];
});

const provider = (maxToolRounds?: number) =>
  new OpenAiProvider({ baseUrl, apiKey: API_KEY, model: MODEL, timeoutMs: 5_000, maxToolRounds });

const chunk = (delta: object, finishReason: string | null = null) => ({
  id: 'chatcmpl-fake1',
  object: 'chat.completion.chunk',
  created: 1_790_000_000,
  model: MODEL,
  choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
});
const streamOf = (...texts: string[]): Answer => ({
  events: [
    chunk({ role: 'assistant', content: '', refusal: null }),
    ...texts.map((content) => chunk({ content })),
    chunk({}, 'stop'),
  ],
});
/** A streamed call of `name`, split across chunks as OpenAI sends it. */
const toolCallStream = (name: string, id = 'call_abc123'): Answer => ({
  events: [
    chunk({
      role: 'assistant',
      content: null,
      tool_calls: [{ index: 0, id, type: 'function', function: { name, arguments: '' } }],
    }),
    chunk({ tool_calls: [{ index: 0, function: { arguments: '{' } }] }),
    chunk({ tool_calls: [{ index: 0, function: { arguments: '}' } }] }),
    chunk({}, 'tool_calls'),
  ],
});
const completion = (content: string) => ({
  status: 200,
  json: {
    id: 'chatcmpl-fake2',
    object: 'chat.completion',
    created: 1_790_000_000,
    model: MODEL,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content, refusal: null },
        logprobs: null,
        finish_reason: 'stop',
      },
    ],
  },
});
const serverError = {
  status: 500,
  json: { error: { message: 'The server had an error', type: 'server_error' } },
  // The SDK retries a 500 once (maxRetries 1) after this long.
  headers: { 'retry-after-ms': '0' },
};

/** Tools that record their calls and answer from `results`. */
function toolsOf(
  results: Partial<Record<AssistantToolName, unknown>>,
): AssistantTools & { called: string[] } {
  const called: string[] = [];
  return {
    called,
    list: () =>
      (Object.keys(results) as AssistantToolName[]).map((name) => ({ name, description: `Reads ${name}` })),
    call: async (name) => {
      called.push(name);
      return results[name];
    },
  };
}

const request = (over: Partial<AssistantRequest> = {}): AssistantRequest => ({
  message: 'How many open jobs do I have?',
  history: [],
  context: 'general',
  asker: { kind: 'authenticated', userType: 'customer', isAdmin: false, firstName: 'Amelia' },
  tools: toolsOf({}),
  signal: new AbortController().signal,
  ...over,
});

async function collect(chunks: AsyncIterable<ReplyChunk>): Promise<ReplyChunk[]> {
  const all: ReplyChunk[] = [];
  for await (const c of chunks) all.push(c);
  return all;
}
const textOf = (chunks: ReplyChunk[]) => chunks.flatMap((c) => (c.type === 'text' ? [c.text] : [])).join('');

describe('OpenAiProvider.reply', () => {
  it('streams the reply as text chunks in order, then the app links it names', async () => {
    queued = [
      streamOf('You can post a job ', 'from [Post a Job](/post-job)', '. See [OpenAI](https://openai.com).'),
    ];

    const chunks = await collect(provider().reply(request({ message: 'How do I post a job?' })));

    expect(chunks).toEqual([
      { type: 'text', text: 'You can post a job ' },
      { type: 'text', text: 'from [Post a Job](/post-job)' },
      { type: 'text', text: '. See [OpenAI](https://openai.com).' },
      { type: 'link', link: { label: 'Post a Job', path: '/post-job' } },
    ]);
  });

  it('sends the key, the model, the prompt, the history and the message', async () => {
    queued = [streamOf('Hello')];
    const history = [
      { role: 'user' as const, content: 'Hi' },
      { role: 'assistant' as const, content: 'Hi! How can I help?' },
    ];

    await collect(provider().reply(request({ history, context: 'posting a job' })));

    const [sent] = requests;
    expect(requests).toHaveLength(1);
    expect(sent!.method).toBe('POST');
    expect(sent!.path).toBe('/v1/chat/completions');
    expect(sent!.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(sent!.body.model).toBe(MODEL);
    expect(sent!.body.stream).toBe(true);
    const [system, ...rest] = sent!.body.messages;
    expect(system.role).toBe('system');
    expect(system.content).toContain('TradeNest');
    expect(system.content).toContain('signed in as a customer, first name Amelia');
    expect(system.content).toContain('Where they are: posting a job.');
    // The rules people ask about, with the server's figures, so the model does not guess them.
    expect(system.content).toContain('platform fee of 15% of each payment');
    expect(system.content).toContain('held in escrow for 7 days');
    expect(system.content).toContain('14 days after payment');
    expect(system.content).toContain('7 days to respond');
    expect(system.content).toContain('[Post a Job](/post-job)');
    expect(rest).toEqual([...history, { role: 'user', content: 'How many open jobs do I have?' }]);
    // A session with no tools offers none.
    expect(sent!.body.tools).toBeUndefined();
  });

  it('tells a guest to log in for their own data', async () => {
    queued = [streamOf('Please log in.')];

    await collect(provider().reply(request({ asker: { kind: 'guest' } })));

    expect(requests[0]!.body.messages[0].content).toContain('not signed in');
  });

  it("runs the session's tools the model calls and continues with their results", async () => {
    const tools = toolsOf({ my_open_jobs: { count: 2, jobs: ['Fix a leaking tap', 'Paint the hallway'] } });
    queued = [
      toolCallStream('my_open_jobs'),
      (sent) => {
        // The second request must carry the call and its result, or the model cannot answer.
        const [call, result] = sent.body.messages.slice(-2);
        const ok =
          call.role === 'assistant' &&
          call.tool_calls[0].id === 'call_abc123' &&
          call.tool_calls[0].function.name === 'my_open_jobs' &&
          call.tool_calls[0].function.arguments === '{}' &&
          result.role === 'tool' &&
          result.tool_call_id === 'call_abc123' &&
          JSON.parse(result.content).count === 2;
        return ok
          ? streamOf(
              'You have 2 open jobs: ',
              'Fix a leaking tap and Paint the hallway. See [My Jobs](/my-jobs).',
            )
          : { status: 400, json: { error: { message: 'Missing the tool result' } } };
      },
    ];

    const chunks = await collect(provider().reply(request({ tools })));

    expect(tools.called).toEqual(['my_open_jobs']);
    expect(requests[0]!.body.tools).toEqual([
      {
        type: 'function',
        function: {
          name: 'my_open_jobs',
          description: 'Reads my_open_jobs',
          parameters: { type: 'object', properties: {}, additionalProperties: false },
        },
      },
    ]);
    expect(requests[0]!.body.tool_choice).toBe('auto');
    expect(textOf(chunks)).toBe(
      'You have 2 open jobs: Fix a leaking tap and Paint the hallway. See [My Jobs](/my-jobs).',
    );
    expect(chunks.at(-1)).toEqual({ type: 'link', link: { label: 'My Jobs', path: '/my-jobs' } });
  });

  it('answers a call of a tool the session does not offer with an error', async () => {
    const tools = toolsOf({ quotes_waiting: [] });
    queued = [toolCallStream('delete_account'), streamOf('I cannot do that.')];

    await collect(provider().reply(request({ tools })));

    expect(tools.called).toEqual([]);
    const result = requests[1]!.body.messages.at(-1);
    expect(result.role).toBe('tool');
    expect(JSON.parse(result.content)).toEqual({ error: 'There is no tool called delete_account.' });
  });

  it('stops calling tools after maxToolRounds and asks for an answer instead', async () => {
    const tools = toolsOf({ unread_messages: { count: 0 } });
    queued = [
      toolCallStream('unread_messages', 'call_1'),
      toolCallStream('unread_messages', 'call_2'),
      // A model that ignores tool_choice 'none' is not obeyed either.
      toolCallStream('unread_messages', 'call_3'),
    ];

    const chunks = await collect(provider(2).reply(request({ tools })));

    expect(requests).toHaveLength(3);
    expect(tools.called).toEqual(['unread_messages', 'unread_messages']);
    expect(requests.map((r) => r.body.tool_choice)).toEqual(['auto', 'auto', 'none']);
    expect(chunks).toEqual([]);
  });

  it('surfaces a server error as the SDK reports it', async () => {
    queued = [serverError, serverError];

    const err = await collect(provider().reply(request())).then(
      () => null,
      (e: unknown) => e,
    );

    expect(err).toBeInstanceOf(APIError);
    expect((err as APIError).status).toBe(500);
    expect(requests).toHaveLength(2);
  });

  it('ends quietly when the asker leaves before the reply starts', async () => {
    const left = new AbortController();
    queued = [
      () => {
        left.abort();
        return { hang: true };
      },
    ];

    expect(await collect(provider().reply(request({ signal: left.signal })))).toEqual([]);
  });

  it('ends quietly when the asker leaves mid-reply', async () => {
    const left = new AbortController();
    queued = [{ events: [chunk({ role: 'assistant', content: 'Let me' })], hold: true }];

    const chunks: ReplyChunk[] = [];
    for await (const c of provider().reply(request({ signal: left.signal }))) {
      chunks.push(c);
      left.abort();
    }

    expect(chunks).toEqual([{ type: 'text', text: 'Let me' }]);
  });

  it('runs no tool for an asker who left while the model was calling it', async () => {
    const left = new AbortController();
    const tools = toolsOf({ next_booking: null });
    const { events } = toolCallStream('next_booking') as { events: unknown[] };
    queued = [
      () => {
        setTimeout(() => left.abort(), 50);
        return { events: events.slice(0, 2), hold: true };
      },
    ];

    expect(await collect(provider().reply(request({ tools, signal: left.signal })))).toEqual([]);
    expect(tools.called).toEqual([]);
    expect(requests).toHaveLength(1);
  });
});

describe('OpenAiProvider.enhance', () => {
  const input = {
    description: 'kitchen tap drips all the time, need it fixed or replaced, budget £80, parking on drive',
    category: 'Plumbing',
  };
  const signal = () => new AbortController().signal;

  const answer = (description: string, questions: string[] = []) =>
    JSON.stringify({ description, questions });

  it("returns the model's description and questions when they add no facts", async () => {
    const description =
      'The kitchen tap drips all the time and needs fixing or replacing. My budget is £80. There is parking on the drive.';
    const questions = ['Is it a mixer tap?', 'How long has it been dripping?'];
    queued = [completion(answer(description, questions))];

    expect(await provider().enhance(input, signal())).toEqual({ description, questions });
    const sent = requests[0]!;
    expect(sent.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(sent.body.model).toBe(MODEL);
    expect(sent.body.stream).toBeUndefined();
    // The same shape as the built-in enhancer: JSON with the description and questions apart.
    expect(sent.body.response_format).toEqual({ type: 'json_object' });
    expect(sent.body.messages[0].content).toContain('Add no facts');
    expect(sent.body.messages[0].content).toContain(
      '{"description": "the improved description", "questions": ["question?"]}',
    );
    expect(sent.body.messages[0].content).toContain('at most 3 short questions');
    expect(sent.body.messages[1].content).toBe(`Category: Plumbing\n\n${input.description}`);
  });

  it('reads JSON in a code fence, and drops questions that are not questions or state a fact', async () => {
    const description = 'The kitchen tap drips all the time. Budget £80. Parking on the drive.';
    queued = [
      completion(
        `\`\`\`json\n${answer(description, ['Is the tap 10 years old?', 'Tell me more.', 'Which tap is it?', 'Which tap is it?', 'How long?', 'Since when?'])}\n\`\`\``,
      ),
    ];

    expect(await provider().enhance(input, signal())).toEqual({
      description,
      questions: ['Which tap is it?', 'How long?', 'Since when?'],
    });
  });

  it.each([
    [
      'invents a number',
      answer('The kitchen tap, about 10 years old, drips. Budget £80. Parking on the drive.'),
    ],
    ['changes the budget', answer('The kitchen tap drips. Budget £90. Parking on the drive.')],
    [
      'writes the old template',
      answer('What needs doing: The kitchen tap drips. Budget £80.\n\nAccess: Parking on the drive.'),
    ],
    ['answers with plain text', 'The kitchen tap drips. Budget £80. Parking on the drive.'],
    ['answers with nothing', '   '],
    ['leaves out the description', JSON.stringify({ questions: ['Which tap?'] })],
    ['writes too much', answer('The kitchen tap drips. '.repeat(100))],
  ])("falls back to the local enhancer's when the model %s", async (_, content) => {
    queued = [completion(content)];

    expect(await provider().enhance(input, signal())).toEqual(enhanceLocally(input));
  });

  it('surfaces a server error as the SDK reports it', async () => {
    queued = [serverError, serverError];

    await expect(provider().enhance(input, signal())).rejects.toBeInstanceOf(APIError);
  });

  it("ends quietly with the local enhancer's when the asker leaves", async () => {
    const left = new AbortController();
    queued = [
      () => {
        left.abort();
        return { hang: true };
      },
    ];

    expect(await provider().enhance(input, left.signal)).toEqual(enhanceLocally(input));
  });
});
