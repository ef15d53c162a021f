import { SUPPORT_LIMITS } from '../../../domain/support/rules';
import { enqueueEmail, unsubscribeLink } from '../notifications';
import { unreadReplyEmail } from './emails';
import { claimUnreadReplies, type DueReplyRow } from './support.repository';
import type { SupportDeps } from './support.service';

/**
 * Emails people whose support replies are still unread `unreadEmailAfterMinutes` after they were
 * written (the every-minute `support.notify-unread` job): one email per conversation however many
 * replies wait, none when the person's 'New messages' (or all email) setting is off, never for a
 * note. The replies are claimed and marked in the transaction that queues the email, so several
 * instances running this at once never email twice, and a failure emails nobody. Returns how many
 * emails it queued.
 */
export function notifyUnreadSupportReplies(deps: SupportDeps): Promise<number> {
  // One run at a time per instance (its jobs may overlap); instances are kept apart by the claim.
  let running = runs.get(deps);
  if (!running) {
    running = run(deps).finally(() => runs.delete(deps));
    runs.set(deps, running);
  }
  return running;
}

const runs = new WeakMap<SupportDeps, Promise<number>>();

async function run(deps: SupportDeps): Promise<number> {
  const now = deps.clock.now();
  const due = new Date(now.getTime() - SUPPORT_LIMITS.unreadEmailAfterMinutes * 60_000);
  const queued = await deps.db.transaction(async (tx) => {
    const byConversation = new Map<string, DueReplyRow[]>();
    for (const row of await claimUnreadReplies(tx, due, now)) {
      // Guests were emailed when support wrote; a person who turned emails off is not emailed.
      if (!row.user_id || !row.email || !row.wants_email) continue;
      byConversation.set(row.conversation_id, [...(byConversation.get(row.conversation_id) ?? []), row]);
    }
    for (const [conversationId, rows] of byConversation) {
      rows.sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime());
      const latest = rows.at(-1)!;
      await enqueueEmail(
        tx,
        unreadReplyEmail({
          to: latest.email!,
          recipientName: latest.full_name,
          count: rows.length,
          latest: latest.body,
          link: `${deps.config.appUrl}/chat-support`,
          unsubscribeLink: await unsubscribeLink(tx, latest.user_id!, 'newMessages', deps.config.appUrl),
          dedupeKey: `support-unread:${conversationId}:${new Date(latest.created_at).toISOString()}`,
        }),
      );
    }
    return byConversation.size;
  });
  if (queued > 0) deps.queue.wake('email.deliver');
  return queued;
}
