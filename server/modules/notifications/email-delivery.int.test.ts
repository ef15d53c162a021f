import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnDatabases } from '../../../test/databases';
import { signUp, uniqueEmail } from '../../../test/http';
import { emailOutbox } from '../../db/schema';

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
  it('delivers the verification email through the SMTP server and marks it sent', async () => {
    const app = await ctx.app({
      SMTP_URL: smtpUrl,
      MAIL_FROM: 'TradeNest <hello@tradenest.example>',
      APP_URL: 'https://tradenest.example',
    });
    const email = uniqueEmail('smtp');
    await signUp(app, { email, fullName: 'Sam Smtp' });
    await app.emails.deliverDue();

    const message = received.find((m) => m.to.includes(email));
    expect(message).toBeDefined();
    expect(message!.from).toBe('hello@tradenest.example');
    const raw = decodeQuotedPrintable(message!.raw);
    expect(raw).toContain('Subject: Confirm your email address for TradeNest');
    expect(raw).toContain('Hello Sam Smtp,');
    expect(raw).toMatch(/https:\/\/tradenest\.example\/\?verify=[A-Za-z0-9_-]{43}/);

    const [row] = await ctx.database().db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
  });

  it('keeps a refused email queued for a retry with backoff, then delivers it', async () => {
    const app = await ctx.app({ SMTP_URL: smtpUrl });
    const email = uniqueEmail('retry');
    failNext = 1;
    await signUp(app, { email });
    await app.emails.deliverDue();
    const db = ctx.database().db;
    const [queued] = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    expect(queued).toMatchObject({ status: 'queued', attempts: 1 });
    expect(queued!.lastError).toContain('Mailbox temporarily unavailable');
    expect(queued!.sendAfter.getTime()).toBeGreaterThan(Date.now() + 20_000);

    await db
      .update(emailOutbox)
      .set({ sendAfter: new Date(Date.now() - 1000) })
      .where(eq(emailOutbox.id, queued!.id));
    await app.emails.deliverDue();
    const [sent] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, queued!.id));
    expect(sent).toMatchObject({ status: 'sent', attempts: 2 });
    expect(received.filter((m) => m.to.includes(email))).toHaveLength(1);
  });

  it('keeps mail in the dev outbox when no SMTP server is configured', async () => {
    const app = await ctx.app();
    const email = uniqueEmail('outbox');
    await signUp(app, { email });
    await app.emails.deliverDue();
    const res = await app.inject({ url: '/api/v1/dev/outbox' });
    const mine = res.json().emails.find((e: { to: string }) => e.to === email);
    expect(mine).toMatchObject({ subject: 'Confirm your email address for TradeNest', status: 'sent' });
    const page = await app.inject({ url: '/dev/outbox' });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(email);
    expect(page.body).toMatch(/<a href="http:\/\/localhost:3000\/\?verify=[A-Za-z0-9_-]{43}">/);
  });

  it('has no dev outbox in production', async () => {
    const app = await ctx.app({ NODE_ENV: 'production' });
    expect((await app.inject({ url: '/api/v1/dev/outbox' })).statusCode).toBe(404);
  });
});
