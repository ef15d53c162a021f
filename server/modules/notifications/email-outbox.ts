import { and, desc, eq, sql } from 'drizzle-orm';
import type { MailTransport } from '../../adapters/mail/mail-transport';
import type { Database, Executor } from '../../db/client';
import { emailOutbox } from '../../db/schema';
import { type Queue, send } from '../../queue/queue';

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
/** How many of the latest emails the development outbox shows. */
export const OUTBOX_PAGE = 50;

export function latestEmails(db: Executor, limit = OUTBOX_PAGE) {
  return db.select().from(emailOutbox).orderBy(desc(emailOutbox.createdAt)).limit(limit);
}

/**
 * Queues an email inside the caller's transaction, with the job that will send it, so it is sent only
 * if the change commits. The caller wakes `email.deliver` after the commit to send it at once.
 */
export async function enqueueEmail(db: Executor, email: NewEmail): Promise<void> {
  const [row] = await db
    .insert(emailOutbox)
    .values({
      toAddress: email.to,
      subject: email.subject,
      textBody: email.text,
      htmlBody: email.html ?? null,
      kind: email.kind,
      dedupeKey: email.dedupeKey ?? null,
    })
    .onConflictDoNothing({ target: emailOutbox.dedupeKey })
    .returning({ id: emailOutbox.id });
  // A repeated dedupe key queued nothing, so there is nothing to send.
  if (row) await send(db, 'email.deliver', { emailId: row.id });
}

/**
 * Sends the emails that `email.deliver` jobs name. Jobs are delivered at least once, an email at most
 * once: a job first claims its row (queued → sending) in a transaction of its own, so a duplicated or
 * retried job whose email is sent, or being sent, does nothing. A failure puts the row back to queued
 * and the job is retried with backoff; once retries run out the dead-letter handler marks it failed.
 */
export class EmailDelivery {
  constructor(
    private readonly db: Database,
    private readonly transport: MailTransport,
    private readonly from: string,
  ) {}

  register(queue: Queue): void {
    queue.work('email.deliver', ({ emailId }) => this.deliver(emailId), {
      onDead: ({ emailId }, error) => this.markFailed(emailId, error),
    });
  }

  /** Sends one email unless another job has claimed it; returns whether this call sent it. */
  async deliver(emailId: string): Promise<boolean> {
    const [email] = await this.db
      .update(emailOutbox)
      .set({ status: 'sending', attempts: sql`${emailOutbox.attempts} + 1` })
      .where(and(eq(emailOutbox.id, emailId), eq(emailOutbox.status, 'queued')))
      .returning();
    if (!email) return false;
    try {
      await this.transport.send({
        from: this.from,
        to: email.toAddress,
        subject: email.subject,
        text: email.textBody,
        html: email.htmlBody,
      });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      await this.db
        .update(emailOutbox)
        .set({ status: 'queued', lastError: message.slice(0, 500) })
        .where(eq(emailOutbox.id, emailId));
      throw err;
    }
    await this.db
      .update(emailOutbox)
      .set({ status: 'sent', sentAt: new Date(), lastError: null })
      .where(eq(emailOutbox.id, emailId));
    return true;
  }

  /** Gives up on an email whose job exhausted its retries. */
  async markFailed(emailId: string, error: string): Promise<void> {
    await this.db
      .update(emailOutbox)
      .set({ status: 'failed', lastError: error.slice(0, 500) })
      .where(and(eq(emailOutbox.id, emailId), eq(emailOutbox.status, 'queued')));
  }

  close(): void {
    this.transport.close();
  }
}
