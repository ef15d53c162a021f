import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Id, Text, Timestamp } from '../../../domain/fields';
import type { Database } from '../../db/client';
import { escapeHtml } from '../../lib/html';
import { openApiDoc } from '../../lib/route-docs';
import { NO_SESSION } from '../../plugins/openapi';
import { latestEmails, OUTBOX_PAGE } from './email-outbox';

const doc = openApiDoc('development');

// Links in a plain-text body become clickable, so a developer can follow a verification link.
const linkify = (text: string) =>
  escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

const OutboxEmail = z.object({
  id: Id,
  to: Text,
  subject: Text,
  text: Text,
  kind: Text,
  status: Text,
  createdAt: Timestamp,
});

async function latest(db: Database) {
  const rows = await latestEmails(db);
  return rows.map((r) => ({
    id: r.id,
    to: r.toAddress,
    subject: r.subject,
    text: r.textBody,
    kind: r.kind,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
  }));
}

/** The development-only outbox: every email the app queued, newest first. Never registered in production. */
export const devOutboxRoutes =
  (db: Database): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/v1/dev/outbox',
      doc('Latest 50 queued emails (not available in production)', {
        security: NO_SESSION,
        response: { 200: z.object({ emails: z.array(OutboxEmail).max(OUTBOX_PAGE) }) },
      }),
      async () => ({ emails: await latest(db) }),
    );

    app.get('/dev/outbox', { schema: { hide: true } }, async (_request, reply) => {
      const emails = await latest(db);
      const items = emails
        .map(
          (e) => `<article>
  <h2>${escapeHtml(e.subject)}</h2>
  <p class="meta">To ${escapeHtml(e.to)} · ${escapeHtml(e.kind)} · ${escapeHtml(e.status)} · ${escapeHtml(e.createdAt)}</p>
  <pre>${linkify(e.text)}</pre>
</article>`,
        )
        .join('\n');
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(`<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev outbox — TradeNest</title>
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#111}
article{border:1px solid #ccc;border-radius:.5rem;padding:1rem;margin:1rem 0}.meta{color:#444;font-size:.875rem}
pre{white-space:pre-wrap;font-family:inherit}</style></head>
<body><main><h1>Dev outbox</h1><p>Emails the app has sent in development (no SMTP_URL set), newest first.</p>
${items || '<p>No emails yet.</p>'}</main></body></html>`);
    });
  };
