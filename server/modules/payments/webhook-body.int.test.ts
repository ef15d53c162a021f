import { expect, it } from 'vitest';
import { describeOnDatabases } from '../../../test/databases';
import { changedTables, databaseFingerprint } from '../../../test/fingerprint';
import { signPayload } from '../../adapters/payments/webhook-signature';
import type { App } from '../../app';

// The webhook route reads its body as raw bytes (the signature covers them exactly) and, unlike every
// other route, is not rate-limited: anyone on the internet can post to it. Found by the fuzz suite and
// the authorisation matrix of the payment operations:
// - the text guard walked a raw body byte by byte as if it were a parsed object (Object.entries of a
//   Buffer): a 1 MB unsigned post held the event loop for seconds before the signature was checked;
// - a signed event whose id or type held U+0000 reached the INSERT and answered 500 (the provider then
//   retries it for days) instead of the 400 every other NUL gets.

const SECRET = 'whsec_sandbox_tradenest_local_only';
const now = () => Math.floor(Date.now() / 1000);

const post = (app: App, payload: string | Buffer, signature?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/payments/webhooks/sandbox',
    headers: { 'content-type': 'application/json', ...(signature ? { 'sandbox-signature': signature } : {}) },
    payload,
  });

describeOnDatabases('the webhook route and raw bodies', (ctx) => {
  const db = () => ctx.database().db;

  it('refuses a large unsigned body at the signature, without reading it byte by byte first', async () => {
    const app = await ctx.app();
    const before = await databaseFingerprint(db());
    const body = `{"padding":"${'x'.repeat(1_000_000)}"}`;
    const started = performance.now();
    const res = await post(app, body, signPayload('something else', SECRET, now()));
    const ms = performance.now() - started;
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_signature');
    // Checking an HMAC over a megabyte takes milliseconds; walking it as an object took seconds.
    expect(ms).toBeLessThan(1_000);
    expect(changedTables(before, await databaseFingerprint(db()))).toEqual([]);
  });

  it('refuses an unsigned body holding NUL bytes with the signature answer, not the text guard', async () => {
    const app = await ctx.app();
    const before = await databaseFingerprint(db());
    const res = await post(app, Buffer.from('{"id":"evt_\u0000","type":"x"}'));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_signature');
    expect(changedTables(before, await databaseFingerprint(db()))).toEqual([]);
  });

  it.each([
    ['id', { id: 'evt_test_\u0000', type: 'account.updated' }],
    ['type', { id: 'evt_test_nul_type', type: 'account.updated\u0000' }],
    ['object id', { id: 'evt_test_nul_object', type: 'account.updated', objectId: 'acct_test_\u0000' }],
  ])('refuses a signed event with U+0000 in its %s: 400, not 500, and nothing stored', async (_, e) => {
    const app = await ctx.app();
    const before = await databaseFingerprint(db());
    const body = JSON.stringify({
      id: e.id,
      object: 'event',
      type: e.type,
      data: { object: { id: 'objectId' in e ? e.objectId : 'acct_test_unknown', object: 'account' } },
    });
    const res = await post(app, body, signPayload(body, SECRET, now()));
    expect(res.statusCode).toBe(400);
    expect(changedTables(before, await databaseFingerprint(db()))).toEqual([]);
  });
});
