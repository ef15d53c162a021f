import { and, asc, desc, eq, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { MailTransport } from '../../adapters/mail/mail-transport';
import type { Database, Executor } from '../../db/client';
import { emailOutbox } from '../../db/schema';

export interface NewEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  kind: string;
  /** Queues at most one email per key (a repeated action never sends twice). */
  dedupeKey?: string;
}

/** The newest queued or sent emails, for the development outbox. */
export function latestEmails(db: Executor, limit = 50) {
  return db.select().from(emailOutbox).orderBy(desc(emailOutbox.createdAt)).limit(limit);
}

/** Queues an email inside the caller's transaction, so it is sent only if the change commits. */
export async function enqueueEmail(db: Executor, email: NewEmail): Promise<void> {
  await db
    .insert(emailOutbox)
    .values({
      toAddress: email.to,
      subject: email.subject,
      textBody: email.text,
      htmlBody: email.html ?? null,
      kind: email.kind,
      dedupeKey: email.dedupeKey ?? null,
    })
    .onConflictDoNothing({ target: emailOutbox.dedupeKey });
}

const MAX_ATTEMPTS = 5;
const BATCH = 20;

/**
 * Sends queued emails. Rows are claimed with FOR UPDATE SKIP LOCKED, so several instances can run
 * this together without sending an email twice; a failure is retried with backoff, then marked failed.
 */
export class EmailDelivery {
  private timer: NodeJS.Timeout | undefined;
  private tail: Promise<number> = Promise.resolve(0);
  private queued: Promise<number> | undefined;

  constructor(
    private readonly db: Database,
    private readonly transport: MailTransport,
    private readonly from: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Delivers what is due once every earlier call has finished, so an email queued before this call
   * is always attempted by the time it resolves. Calls made while a run waits to start share it.
   */
  deliverDue(): Promise<number> {
    if (this.queued) return this.queued;
    const next = this.tail
      .catch(() => 0)
      .then(() => {
        this.queued = undefined;
        return this.drain();
      });
    this.queued = next;
    this.tail = next;
    return next;
  }

  private async drain(): Promise<number> {
    let sent = 0;
    for (;;) {
      const batch = await this.deliverBatch();
      sent += batch;
      if (batch < BATCH) return sent;
    }
  }

  private deliverBatch(): Promise<number> {
    return this.db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.status, 'queued'), lte(emailOutbox.sendAfter, sql`now()`)))
        .orderBy(asc(emailOutbox.sendAfter))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      let sent = 0;
      for (const email of due) {
        try {
          await this.transport.send({
            from: this.from,
            to: email.toAddress,
            subject: email.subject,
            text: email.textBody,
            html: email.htmlBody,
          });
          await tx
            .update(emailOutbox)
            .set({ status: 'sent', sentAt: new Date(), attempts: email.attempts + 1, lastError: null })
            .where(eq(emailOutbox.id, email.id));
          sent++;
        } catch (err) {
          const attempts = email.attempts + 1;
          const message = err instanceof Error ? err.message : String(err);
          this.log.warn({ emailId: email.id, attempts, err: message }, 'email delivery failed');
          await tx
            .update(emailOutbox)
            .set({
              attempts,
              lastError: message.slice(0, 500),
              status: attempts >= MAX_ATTEMPTS ? 'failed' : 'queued',
              // 30 s, 2 min, 8 min, 32 min: long enough for an SMTP outage to pass.
              sendAfter: new Date(Date.now() + 30_000 * 4 ** (attempts - 1)),
            })
            .where(eq(emailOutbox.id, email.id));
        }
      }
      return sent;
    });
  }

  /** Polls for due emails (retries, and emails queued by other instances). */
  start(intervalMs = 5_000): void {
    this.timer = setInterval(() => {
      this.deliverDue().catch((err) => this.log.error({ err }, 'email delivery loop failed'));
    }, intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.tail.catch(() => {});
    this.transport.close();
  }
}
