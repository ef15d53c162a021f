import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import { inventedFacts } from '../../../domain/assistant/enhance';
import { ASSISTANT_TEXTS } from '../../../domain/assistant/messages';
import { describeOnDatabases } from '../../../test/databases';
import { sessionFor } from '../../../test/http';
import { createCustomer, createJob } from '../../seed/factories';

// The assistant's routes over HTTP: the whole reply or a stream, answers from the asker's own data
// only, Enhance with AI's refusals, the per-user limit, and a model that cannot be reached answered
// for by the built-in provider.

describeOnDatabases('the AI assistant', (ctx) => {
  const db = () => ctx.database().db;
  const ask = (cookie: string | undefined, message: string, accept = 'application/json') => ({
    method: 'POST' as const,
    url: '/api/v1/assistant/chat',
    headers: { accept, ...(cookie ? { cookie } : {}) },
    payload: { message, context: 'general', userType: cookie ? 'authenticated' : 'guest' },
  });

  it('answers a guest with a link to the right screen, whole or streamed', async () => {
    const app = await ctx.app();
    const whole = await app.inject(ask(undefined, 'How do I post a job?'));
    expect(whole.statusCode, whole.body).toBe(200);
    expect(whole.json().message).toContain('(/post-job)');
    expect(whole.json().links).toContainEqual(expect.objectContaining({ path: '/post-job' }));

    const streamed = await app.inject(ask(undefined, 'How do I post a job?', 'text/event-stream'));
    expect(streamed.statusCode).toBe(200);
    expect(streamed.headers['content-type']).toMatch(/^text\/event-stream/);
    const events = streamed.body
      .trim()
      .split('\n\n')
      .map((block) => ({
        event: /^event: (.*)$/m.exec(block)![1],
        data: JSON.parse(/^data: (.*)$/m.exec(block)![1]!),
      }));
    const deltas = events.filter((e) => e.event === 'delta');
    expect(deltas.length).toBeGreaterThan(0);
    const done = events.at(-1)!;
    expect(done.event).toBe('done');
    expect(done.data.message).toBe(deltas.map((d) => d.data.text).join(''));
    expect(done.data).toEqual(whole.json());

    // Guests asking about "my" data are asked to sign in.
    const mine = await app.inject(ask(undefined, 'Do I have any unread messages?'));
    expect(mine.json().message).toContain('(/auth)');
  });

  it("answers from the asker's own data only, even when asked about someone else's job by its id", async () => {
    const app = await ctx.app();
    const me = await createCustomer(db());
    const other = await createCustomer(db());
    const mine = await createJob(db(), { customerId: me.id, title: 'Replace the garden fence panels' });
    const theirs = await createJob(db(), {
      customerId: other.id,
      title: 'Retile the downstairs shower room',
    });
    const cookie = await sessionFor(db(), me.id);
    const reply = (await app.inject(ask(cookie, 'What are my open jobs?'))).json();
    expect(reply.message).toContain(mine.title);
    expect(reply.message).not.toContain(theirs.title);
    const probe = (await app.inject(ask(cookie, `What is the status of job ${theirs.id}?`))).json();
    expect(probe.message).not.toContain(theirs.title);
    expect(probe.message).not.toContain(theirs.id);
  });

  it("offers 'Talk to support' when asked for a human or when it cannot help, and not otherwise", async () => {
    const app = await ctx.app();
    const answered = (await app.inject(ask(undefined, 'How do I post a job?'))).json();
    expect(answered.offerHandover).toBe(false);
    const human = (await app.inject(ask(undefined, 'Can I speak to a human please?'))).json();
    expect(human.offerHandover).toBe(true);
    const lost = (await app.inject(ask(undefined, 'What is the weather like tomorrow?'))).json();
    expect(lost.message).toMatch(/not sure/);
    expect(lost.offerHandover).toBe(true);
    const streamed = await app.inject(ask(undefined, 'I want to make a complaint', 'text/event-stream'));
    const done = streamed.body.trim().split('\n\n').at(-1)!;
    expect(done).toMatch(/^event: done/);
    expect(JSON.parse(/^data: (.*)$/m.exec(done)![1]!).offerHandover).toBe(true);
  });

  it('enhances a description without adding facts, and refuses one under 20 characters', async () => {
    const app = await ctx.app();
    const short = await app.inject({
      method: 'POST',
      url: '/api/v1/assistant/enhance-job-description',
      payload: { description: 'leaky tap', category: 'Plumbing' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toBe('Please write at least 20 characters');
    const description =
      'the combi boiler in the kitchen loses pressure every 2 days, access is through the side gate';
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/assistant/enhance-job-description',
      payload: { description, category: 'Plumbing' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { enhanced, questions } = res.json();
    expect(enhanced.length).toBeLessThanOrEqual(2000);
    expect(enhanced).toBe(
      'The combi boiler in the kitchen loses pressure every 2 days, access is through the side gate.',
    );
    expect(inventedFacts(description, enhanced)).toEqual([]);
    // Questions come apart from the description, about this job (a boiler), at most three.
    expect(questions.length).toBeGreaterThan(0);
    expect(questions.length).toBeLessThanOrEqual(3);
    expect(questions[0]).toMatch(/boiler/);
  });

  it('limits each person to their messages per minute', async () => {
    const app = await ctx.app({ AI_RATE_LIMIT_PER_USER: '2' });
    const cookie = await sessionFor(db(), (await createCustomer(db())).id);
    const codes = [];
    for (let i = 0; i < 3; i++)
      codes.push((await app.inject(ask(cookie, 'How do reviews work?'))).statusCode);
    expect(codes).toEqual([200, 200, 429]);
    // Someone else is not held back by it.
    const other = await sessionFor(db(), (await createCustomer(db())).id);
    expect((await app.inject(ask(other, 'How do reviews work?'))).statusCode).toBe(200);
  });

  it('answers with the built-in provider when the configured model cannot be reached', async () => {
    // A port that refuses: the model server is down.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const app = await ctx.app({
      AI_PROVIDER: 'openai',
      AI_BASE_URL: `http://127.0.0.1:${port}/v1`,
      AI_MODEL: 'llama3.1',
    });
    const reply = await app.inject(ask(undefined, 'How do I post a job?'));
    expect(reply.statusCode).toBe(200);
    expect(reply.json().message).toContain('(/post-job)');
    expect(reply.json().message).not.toBe(ASSISTANT_TEXTS.error);
  });
});
