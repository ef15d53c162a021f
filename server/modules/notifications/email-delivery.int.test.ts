import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PRODUCTION } from '../../../test/config';
import { describeOnDatabases } from '../../../test/databases';
import { signUp, uniqueEmail } from '../../../test/http';
import { emailOutbox } from '../../db/schema';
import { send } from '../../queue/queue';
import { enqueueEmail } from './email-outbox';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

// A real SMTP server in this process: the app talks to it over TCP exactly as it would to a provider.
const received: Received[] = [];
let failNext = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      if (failNext > 0) {
        failNext--;
        const err = new Error('Mailbox temporarily unavailable') as Error & { responseCode: number };
        err.responseCode = 451;
        return callback(err);
      }
      received.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((r) => r.address),
        raw: Buffer.concat(chunks).toString('utf8'),
      });
      callback();
    });
  },
});
let smtpUrl = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** Undoes quoted-printable soft line breaks and escapes, enough to read links back. */
const decodeQuotedPrintable = (s: string) =>
  s
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

describeOnDatabases('sending email over SMTP', (ctx) => {
  const rowFor = async (email: string) => {
    const [row] = await ctx.database().db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    return row!;
  };
  const receivedBy = (email: string) => received.filter((m) => m.to.includes(email));

  it('delivers the verification email through the SMTP server and marks it sent', async () => {
    const app = await ctx.app({
      SMTP_URL: smtpUrl,
      MAIL_FROM: 'TradeNest <hello@tradenest.example>',
      APP_URL: 'https://tradenest.example',
    });
    const email = uniqueEmail('smtp');
    await signUp(app, { email, fullName: 'Sam Smtp' });
    await app.queue.runDue('email.deliver');

    const message = received.find((m) => m.to.includes(email));
    expect(message).toBeDefined();
    expect(message!.from).toBe('hello@tradenest.example');
    const raw = decodeQuotedPrintable(message!.raw);
    expect(raw).toContain('Subject: Confirm your email address for TradeNest');
    expect(raw).toContain('Hello Sam Smtp,');
    expect(raw).toMatch(/https:\/\/tradenest\.example\/\?verify=[A-Za-z0-9_-]{43}/);
    expect(await rowFor(email)).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
  });

  it('keeps a refused email queued for a retry with backoff, then delivers it', async () => {
    const app = await ctx.app({ SMTP_URL: smtpUrl });
    const email = uniqueEmail('retry');
    failNext = 1;
    await signUp(app, { email });
    await app.queue.runDue('email.deliver');
    const queued = await rowFor(email);
    expect(queued).toMatchObject({ status: 'queued', attempts: 1 });
    expect(queued.lastError).toContain('Mailbox temporarily unavailable');
    // The retry waits (30-60 s): nothing is due until the queue's clock is moved on.
    expect(await app.queue.runDue('email.deliver')).toBe(0);

    expect(await app.queue.bringForward('email.deliver')).toBe(1);
    await app.queue.runDue('email.deliver');
    expect(await rowFor(email)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(receivedBy(email)).toHaveLength(1);
  });

  it('marks an email failed, with the error, once its retries are exhausted', async () => {
    const app = await ctx.app({ SMTP_URL: smtpUrl });
    const email = uniqueEmail('failing');
    failNext = 1_000;
    try {
      await signUp(app, { email });
      await app.queue.runDue('email.deliver');
      // The first attempt and its five retries.
      for (let retry = 1; retry <= 5; retry++) {
        expect(await app.queue.bringForward('email.deliver')).toBe(1);
        await app.queue.runDue('email.deliver');
      }
    } finally {
      failNext = 0;
    }
    const row = await rowFor(email);
    expect(row).toMatchObject({ status: 'failed', attempts: 6 });
    expect(row.lastError).toContain('Mailbox temporarily unavailable');
    expect(await app.queue.bringForward('email.deliver')).toBe(0);
    expect(receivedBy(email)).toHaveLength(0);
  });

  it('sends an email once however many jobs name it', async () => {
    const app = await ctx.app({ SMTP_URL: smtpUrl });
    const db = ctx.database().db;
    const email = uniqueEmail('duplicate');
    await db.transaction((tx) =>
      enqueueEmail(tx, { to: email, subject: 'Once', text: 'Only once', kind: 'test' }),
    );
    const { id } = await rowFor(email);
    // Two more jobs for the same row before any has run: they are fetched in one batch and race.
    await send(db, 'email.deliver', { emailId: id });
    await send(db, 'email.deliver', { emailId: id });
    expect(await app.queue.runDue('email.deliver')).toBe(3);
    // And one after it was sent.
    await send(db, 'email.deliver', { emailId: id });
    expect(await app.queue.runDue('email.deliver')).toBe(1);
    expect(receivedBy(email)).toHaveLength(1);
    expect(await rowFor(email)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('queues neither a second email nor a second job for a repeated dedupe key', async () => {
    const app = await ctx.app({ SMTP_URL: smtpUrl });
    const db = ctx.database().db;
    const email = uniqueEmail('dedupe');
    const message = {
      to: email,
      subject: 'Once',
      text: 'Only once',
      kind: 'test',
      dedupeKey: `once:${email}`,
    };
    await db.transaction((tx) => enqueueEmail(tx, message));
    await db.transaction((tx) => enqueueEmail(tx, message));
    expect(await app.queue.runDue('email.deliver')).toBe(1);
    expect(receivedBy(email)).toHaveLength(1);
  });

  it('sends nothing for an email whose transaction rolled back', async () => {
    const app = await ctx.app({ SMTP_URL: smtpUrl });
    const db = ctx.database().db;
    const email = uniqueEmail('rolled-back');
    await expect(
      db.transaction(async (tx) => {
        await enqueueEmail(tx, { to: email, subject: 'Never', text: 'Never sent', kind: 'test' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await app.queue.runDue('email.deliver')).toBe(0);
    expect(receivedBy(email)).toHaveLength(0);
  });

  it('keeps mail in the dev outbox when no SMTP server is configured', async () => {
    const app = await ctx.app();
    const email = uniqueEmail('outbox');
    await signUp(app, { email });
    await app.queue.runDue('email.deliver');
    const res = await app.inject({ url: '/api/v1/dev/outbox' });
    const mine = res.json().emails.find((e: { to: string }) => e.to === email);
    expect(mine).toMatchObject({ subject: 'Confirm your email address for TradeNest', status: 'sent' });
    const page = await app.inject({ url: '/dev/outbox' });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(email);
    expect(page.body).toMatch(/<a href="http:\/\/localhost:3000\/\?verify=[A-Za-z0-9_-]{43}">/);
  });

  it('has no dev outbox in production', async () => {
    const app = await ctx.app(PRODUCTION);
    expect((await app.inject({ url: '/api/v1/dev/outbox' })).statusCode).toBe(404);
  });
});
