import { and, eq } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { londonToday } from '../../../domain/marketplace/schemas';
import { ManualClock } from '../../../test/clock';
import { describeOnDatabases } from '../../../test/databases';
import { sessionFor } from '../../../test/http';
import { type FilePart, image, MINIMAL_PDF, postMultipart, temporaryDataDir } from '../../../test/uploads';
import type { App } from '../../app';
import { auditLog, documents, emailOutbox, notifications, tradespersonProfiles } from '../../db/schema';
import { createAdmin, createCustomer, createTradesperson } from '../../seed/factories';

// DOMAIN-RULES 10 end to end: a tradesperson who signs up today becomes verified, and listed, once an
// admin approves its photo ID and an in-date insurance; loses both when the insurance expires (a test
// clock, no sleeping); is reminded 30 and 7 days before, once each. Decisions are made on a version.

const DAY = 24 * 60 * 60 * 1000;
const pdf: FilePart = { name: 'insurance.pdf', type: 'application/pdf', bytes: MINIMAL_PDF };
const plusDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + n * DAY).toISOString().slice(0, 10);

describeOnDatabases('verification by admins', (ctx) => {
  const db = () => ctx.database().db;
  const data = temporaryDataDir();
  afterAll(data.remove);
  // Noon in London, so moving by whole days never lands near midnight.
  const clock = new ManualClock(new Date('2026-11-23T12:00:00Z'));
  let built: App | undefined;
  const app = async () => {
    built ??= await ctx.app({ DATA_DIR: data.dir }, { clock });
    return built;
  };
  const today = () => londonToday(clock.now());

  const tradesperson = async () => {
    const pro = await createTradesperson(db(), { documents: false, trade: 'Plumber' });
    return { ...pro, cookie: await sessionFor(db(), pro.id) };
  };
  const admin = async () => {
    const a = await createAdmin(db());
    return { ...a, cookie: await sessionFor(db(), a.id) };
  };
  const upload = async (cookie: string, fields: Record<string, string>, file: FilePart = pdf) =>
    postMultipart(await app(), '/api/v1/documents', cookie, fields, file);
  const uploaded = async (cookie: string, fields: Record<string, string>) => {
    const res = await upload(cookie, fields);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().document as { id: string };
  };
  const decide = async (cookie: string, id: string, body: Record<string, unknown>) =>
    (await app()).inject({
      method: 'POST',
      url: `/api/v1/admin/documents/${id}/decision`,
      headers: { cookie },
      payload: body,
    });
  const versionOf = async (id: string) =>
    (await db().select({ v: documents.version }).from(documents).where(eq(documents.id, id)))[0]!.v;
  const approve = async (cookie: string, id: string) => {
    const res = await decide(cookie, id, { decision: 'approve', version: await versionOf(id) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { verified: boolean; document: { status: string; version: number } };
  };
  const listed = async (id: string) => {
    const res = await (await app()).inject({
      url: '/api/v1/tradespeople?service=plumber&location=M1%201AE&limit=50',
    });
    expect(res.statusCode).toBe(200);
    return (res.json().tradespeople as { id: string }[]).some((c) => c.id === id);
  };
  const verified = async (userId: string) =>
    (await db().select().from(tradespersonProfiles).where(eq(tradespersonProfiles.userId, userId)))[0]!
      .verified;
  const daily = async () => {
    const a = await app();
    await a.queue.send(db(), 'verification.daily', {});
    await a.queue.runDue('verification.daily');
    await a.queue.runDue('events.dispatch');
  };
  const emailsTo = async (email: string) =>
    (await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, email)))
      .map((e) => e.subject)
      .sort();
  const kindsFor = async (userId: string) =>
    (await db().select().from(notifications).where(eq(notifications.userId, userId)))
      .map((n) => n.kind)
      .sort();

  it('lists a new tradesperson once ID and insurance are approved, and reminds then unlists it as the insurance expires', async () => {
    const pro = await tradesperson();
    const boss = await admin();
    const id = await uploaded(pro.cookie, { kind: 'photo_id' });
    const insurance = await uploaded(pro.cookie, {
      kind: 'insurance',
      title: 'Public liability £5m',
      expiresOn: plusDays(today(), 40),
    });
    expect(await listed(pro.id)).toBe(false);

    // The queue shows both, oldest first, with the tradesperson and a file only admins and the owner get.
    const queue = await (await app()).inject({
      url: '/api/v1/admin/verifications',
      headers: { cookie: boss.cookie },
    });
    expect(queue.statusCode).toBe(200);
    const mine = queue
      .json()
      .documents.filter((d: { tradesperson: { id: string } }) => d.tradesperson.id === pro.id);
    expect(mine.map((d: { id: string }) => d.id)).toEqual([id.id, insurance.id]);
    expect(mine[0]).toMatchObject({
      status: 'pending',
      version: 0,
      tradesperson: { verified: false, trade: 'Plumber' },
    });
    const file = await (await app()).inject({ url: mine[1].fileUrl, headers: { cookie: boss.cookie } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');

    // ID alone: not verified, not listed.
    expect((await approve(boss.cookie, id.id)).verified).toBe(false);
    expect(await verified(pro.id)).toBe(false);
    expect(await listed(pro.id)).toBe(false);
    // With the insurance: verified and listed; the tradesperson sees it on /documents too.
    expect((await approve(boss.cookie, insurance.id)).verified).toBe(true);
    expect(await listed(pro.id)).toBe(true);
    const own = await (await app()).inject({ url: '/api/v1/documents', headers: { cookie: pro.cookie } });
    expect(own.json().verification).toEqual({ verified: true, missing: [] });
    await (await app()).queue.runDue('events.dispatch');
    expect(await kindsFor(pro.id)).toEqual(['document.approved', 'document.approved']);
    expect(await emailsTo(pro.email)).toEqual(['Photo ID approved', 'Public liability insurance approved']);

    // Nothing to remind of 40 days out; 30 days before expiry the first reminder, once.
    await daily();
    expect(await emailsTo(pro.email)).toHaveLength(2);
    clock.advance(10 * DAY);
    await daily();
    await daily();
    expect((await emailsTo(pro.email)).filter((s) => s.startsWith('Your insurance expires'))).toEqual([
      'Your insurance expires in 30 days',
    ]);
    // 7 days before: the second, once. Still verified on the last day.
    clock.advance(23 * DAY);
    await daily();
    clock.advance(DAY);
    await daily();
    expect((await emailsTo(pro.email)).filter((s) => s.startsWith('Your insurance expires'))).toEqual([
      'Your insurance expires in 30 days',
      'Your insurance expires in 7 days',
    ]);
    clock.advance(6 * DAY);
    await daily();
    expect(await verified(pro.id)).toBe(true);
    expect(await listed(pro.id)).toBe(true);

    // The day after the expiry date: expired, badge and listing gone, told once.
    clock.advance(DAY);
    await daily();
    await daily();
    const [row] = await db().select().from(documents).where(eq(documents.id, insurance.id));
    expect(row!.status).toBe('expired');
    expect(await verified(pro.id)).toBe(false);
    expect(await listed(pro.id)).toBe(false);
    const profile = await (await app()).inject({ url: `/api/v1/tradespeople/${pro.id}` });
    expect(profile.json().tradesperson?.verified ?? false).toBe(false);
    expect(await kindsFor(pro.id)).toEqual([
      'document.approved',
      'document.approved',
      'document.expired',
      'document.expiring',
      'document.expiring',
    ]);
    expect((await emailsTo(pro.email)).filter((s) => s.endsWith('expired'))).toEqual([
      'Public liability insurance expired',
    ]);
    const own2 = await (await app()).inject({ url: '/api/v1/documents', headers: { cookie: pro.cookie } });
    expect(own2.json().verification).toEqual({ verified: false, missing: ['insurance'] });
  });

  it('refuses a decision on a document that changed since it was read, a reject without a reason, and a second decision', async () => {
    const pro = await tradesperson();
    const [first, second] = [await admin(), await admin()];
    const doc = await uploaded(pro.cookie, { kind: 'photo_id' });

    const noReason = await decide(first.cookie, doc.id, { decision: 'reject', version: 0, reason: '   ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.message).toBe('Please give a reason');
    const badDecision = await decide(first.cookie, doc.id, { decision: 'maybe', version: 0 });
    expect(badDecision.statusCode).toBe(400);
    expect(await versionOf(doc.id)).toBe(0);

    expect((await decide(first.cookie, doc.id, { decision: 'approve', version: 0 })).statusCode).toBe(200);
    // The second admin still looks at version 0.
    const stale = await decide(second.cookie, doc.id, { decision: 'reject', version: 0, reason: 'Blurred' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatchObject({
      code: 'document_changed',
      message: 'This document changed while you were looking at it. Please check it again.',
    });
    const again = await decide(second.cookie, doc.id, { decision: 'approve', version: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('not_decidable');

    // An approval can be withdrawn with a reason the tradesperson sees.
    const withdrawn = await decide(second.cookie, doc.id, {
      decision: 'reject',
      version: 1,
      reason: 'The photo does not match.',
    });
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json().document).toMatchObject({
      status: 'rejected',
      rejectionReason: 'The photo does not match.',
      version: 2,
    });
    const own = await (await app()).inject({ url: '/api/v1/documents', headers: { cookie: pro.cookie } });
    expect(own.json().documents[0]).toMatchObject({
      status: 'rejected',
      rejectionReason: 'The photo does not match.',
    });

    // Both decisions are in the audit log with the state before and after.
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'document'), eq(auditLog.entityId, doc.id)));
    expect(audit.map((a) => [a.action, a.actorUserId])).toEqual([
      ['document.approved', first.id],
      ['document.rejected', second.id],
    ]);
    expect(audit[1]!.details).toMatchObject({
      userId: pro.id,
      before: { status: 'approved', version: 1 },
      after: { status: 'rejected', version: 2 },
      reason: 'The photo does not match.',
    });
    // The dispatcher does not add a second row for the same event.
    await (await app()).queue.runDue('events.dispatch');
    expect(
      await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityType, 'document'), eq(auditLog.entityId, doc.id))),
    ).toHaveLength(2);

    // An unknown document is a 404; an insurance that expired while waiting cannot be approved.
    const unknown = await decide(first.cookie, '00000000-0000-4000-8000-000000000000', {
      decision: 'approve',
      version: 0,
    });
    expect(unknown.statusCode).toBe(404);
    const insurance = await uploaded(pro.cookie, { kind: 'insurance', expiresOn: today() });
    clock.advance(DAY);
    const late = await decide(first.cookie, insurance.id, { decision: 'approve', version: 0 });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(
      'This insurance has already expired. Reject it and ask for the current certificate.',
    );
  });

  it('answers 404 to everyone but admins, before reading anything', async () => {
    const pro = await tradesperson();
    const customer = await createCustomer(db());
    const doc = await uploaded(pro.cookie, { kind: 'photo_id' });
    for (const cookie of [undefined, pro.cookie, await sessionFor(db(), customer.id)]) {
      const headers = cookie ? { cookie } : {};
      const a = await app();
      expect((await a.inject({ url: '/api/v1/admin/verifications', headers })).statusCode).toBe(404);
      const res = await a.inject({
        method: 'POST',
        url: `/api/v1/admin/documents/${doc.id}/decision`,
        headers,
        payload: { decision: 'approve', version: 0 },
      });
      expect(res.statusCode).toBe(404);
    }
    expect(await versionOf(doc.id)).toBe(0);
  });

  it('replaces a document: a pending one is withdrawn, an approved one stays in force until the new one is decided', async () => {
    const pro = await tradesperson();
    const other = await tradesperson();
    const boss = await admin();
    const first = await uploaded(pro.cookie, { kind: 'insurance', expiresOn: plusDays(today(), 20) });
    // Replacing while pending: the old one goes, the new one is the only one to check.
    const second = await uploaded(pro.cookie, {
      kind: 'insurance',
      expiresOn: plusDays(today(), 25),
      replaces: first.id,
    });
    expect(await db().select().from(documents).where(eq(documents.id, first.id))).toEqual([]);
    await approve(boss.cookie, second.id);
    // Replacing an approved one: both exist, linked; the approved one still counts.
    const renewal = await upload(pro.cookie, {
      kind: 'insurance',
      expiresOn: plusDays(today(), 380),
      replaces: second.id,
    });
    expect(renewal.statusCode).toBe(201);
    expect(renewal.json().document).toMatchObject({ status: 'pending', replacesId: second.id });
    const queue = await (await app()).inject({
      url: '/api/v1/admin/verifications',
      headers: { cookie: boss.cookie },
    });
    const row = queue.json().documents.find((d: { id: string }) => d.id === renewal.json().document.id);
    expect(row.replaces).toMatchObject({ id: second.id, status: 'approved' });

    // Someone else's document, or a different kind: refused, nothing stored.
    const foreign = await upload(other.cookie, {
      kind: 'insurance',
      expiresOn: plusDays(today(), 30),
      replaces: second.id,
    });
    expect(foreign.statusCode).toBe(404);
    const kind = await upload(
      pro.cookie,
      { kind: 'photo_id', replaces: second.id },
      { name: 'id.png', type: 'image/png', bytes: await image('png') },
    );
    expect(kind.statusCode).toBe(400);
    expect(kind.json().error.message).toBe('A replacement must be the same type of document');
    const bad = await upload(pro.cookie, {
      kind: 'insurance',
      expiresOn: plusDays(today(), 30),
      replaces: 'nope',
    });
    expect(bad.statusCode).toBe(400);
    expect(await db().select().from(documents).where(eq(documents.userId, other.id))).toEqual([]);
  });

  it('makes one decision out of two admins deciding at once, and keeps the flag right when two documents are approved at once', async () => {
    const boss = [await admin(), await admin()];
    const rounds = ctx.kind === 'postgres' ? 20 : 3;
    for (let i = 0; i < rounds; i++) {
      const pro = await tradesperson();
      const id = await uploaded(pro.cookie, { kind: 'photo_id' });
      const insurance = await uploaded(pro.cookie, { kind: 'insurance', expiresOn: plusDays(today(), 200) });
      const results = await Promise.all([
        decide(boss[0]!.cookie, id.id, { decision: 'approve', version: 0 }),
        decide(boss[1]!.cookie, id.id, { decision: 'reject', version: 0, reason: 'Expired passport' }),
        decide(boss[1]!.cookie, insurance.id, { decision: 'approve', version: 0 }),
      ]);
      const onId = results
        .slice(0, 2)
        .map((r) => r.statusCode)
        .sort();
      expect(onId).toEqual([200, 409]);
      expect(results[2]!.statusCode).toBe(200);
      const [idRow] = await db().select().from(documents).where(eq(documents.id, id.id));
      expect(idRow!.version).toBe(1);
      expect(await verified(pro.id)).toBe(idRow!.status === 'approved');
    }
  });
});
