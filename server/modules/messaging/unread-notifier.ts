import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { conversations, messages, profiles, userSettings, users } from '../../db/schema';
import type { Queue } from '../../queue/queue';
import { enqueueEmail, unsubscribeLink } from '../notifications';
import { unreadMessagesEmail } from './emails';

/** A message still unread this long after it arrived is worth an email (DOMAIN-RULES 11). */
export const UNREAD_EMAIL_AFTER_MS = 5 * 60_000;

interface DueRow {
  conversation_id: string;
  sender_id: string;
  content: string;
  created_at: Date | string;
  recipient_id: string;
  recipient_email: string | null;
  recipient_name: string | null;
  wants_email: boolean | null;
  sender_name: string | null;
}

/**
 * Emails recipients about messages they have not read within 5 minutes: one email per conversation
 * however many messages arrived, and none when their 'New messages' (or all email) setting is off.
 * Messages are claimed with FOR UPDATE SKIP LOCKED and marked in the same transaction that queues the
 * email, so several instances running this never email twice, and a failure emails nobody.
 */
export class UnreadNotifier {
  private running: Promise<number> | undefined;

  constructor(
    private readonly db: Database,
    private readonly queue: Queue,
    private readonly appUrl: string,
  ) {}

  /** Runs as the `messaging.notify-unread` job, which the queue schedules every minute. */
  register(): void {
    this.queue.work('messaging.notify-unread', () => this.notifyDue());
  }

  /** Queues the emails that are due now; returns how many were queued. */
  notifyDue(now = new Date()): Promise<number> {
    this.running ??= this.run(now).finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async run(now: Date): Promise<number> {
    const due = new Date(now.getTime() - UNREAD_EMAIL_AFTER_MS);
    const queued = await this.db.transaction(async (tx) => {
      const result = await tx.execute(sql`
        with claimed as (
          select m.id from ${messages} m
           where not m.read and m.notified_at is null and m.created_at <= ${due.toISOString()}::timestamptz
           order by m.created_at
           limit 500
           for update skip locked
        )
        update ${messages} m set notified_at = now()
          from claimed, ${conversations} c
          join ${users} r on true
          left join ${profiles} rp on rp.id = r.id
          left join ${userSettings} rs on rs.user_id = r.id
          left join ${profiles} sp on true
         where m.id = claimed.id and c.id = m.conversation_id
           and r.id = case when c.participant_one_id = m.sender_id then c.participant_two_id else c.participant_one_id end
           and sp.id = m.sender_id
        returning m.conversation_id, m.sender_id, m.content, m.created_at,
                  r.id as recipient_id,
                  case when r.deleted_at is null and r.suspended_at is null then r.email end as recipient_email,
                  rp.full_name as recipient_name, sp.full_name as sender_name,
                  coalesce(rs.email_notifications, true) and coalesce(rs.new_messages, true) as wants_email`);
      const rows = (result as { rows: DueRow[] }).rows;
      const byConversation = new Map<string, DueRow[]>();
      for (const row of rows) {
        if (!row.wants_email || !row.recipient_email) continue;
        const list = byConversation.get(row.conversation_id) ?? [];
        list.push(row);
        byConversation.set(row.conversation_id, list);
      }
      for (const [conversationId, list] of byConversation) {
        list.sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime());
        const latest = list.at(-1)!;
        await enqueueEmail(
          tx,
          unreadMessagesEmail({
            to: latest.recipient_email!,
            recipientName: latest.recipient_name,
            senderName: latest.sender_name,
            count: list.length,
            latest: latest.content,
            link: `${this.appUrl}/conversation/${conversationId}`,
            unsubscribeLink: await unsubscribeLink(tx, latest.recipient_id, 'newMessages', this.appUrl),
            // One email per conversation and batch, even if this transaction were retried.
            dedupeKey: `unread:${conversationId}:${new Date(latest.created_at).toISOString()}`,
          }),
        );
      }
      return byConversation.size;
    });
    if (queued > 0) this.queue.wake('email.deliver');
    return queued;
  }
}
