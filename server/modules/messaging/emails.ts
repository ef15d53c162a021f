import { escapeHtml } from '../../lib/html';
import type { NewEmail } from '../notifications';

const PREVIEW = 300;

/** One email for the messages of a conversation left unread for 5 minutes. */
export function unreadMessagesEmail(input: {
  to: string;
  recipientName: string | null;
  senderName: string | null;
  count: number;
  latest: string;
  link: string;
  /** Turns 'New messages' off without signing in (an optional email must carry one). */
  unsubscribeLink: string;
  dedupeKey: string;
}): NewEmail {
  const sender = input.senderName?.trim() || 'Someone';
  const greeting = input.recipientName ? `Hello ${input.recipientName},` : 'Hello,';
  const what = input.count === 1 ? 'a new message' : `${input.count} new messages`;
  const preview = input.latest.length > PREVIEW ? `${input.latest.slice(0, PREVIEW - 1)}…` : input.latest;
  return {
    to: input.to,
    kind: 'unread_messages',
    dedupeKey: input.dedupeKey,
    subject: `${sender} sent you ${what} on TradeNest`,
    text: [
      greeting,
      '',
      `${sender} sent you ${what}. The latest:`,
      '',
      preview,
      '',
      `Read and reply: ${input.link}`,
      '',
      "You can turn these emails off under Profile, Settings, 'New messages', or here:",
      input.unsubscribeLink,
      '',
      'TradeNest',
    ].join('\n'),
    html: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(sender)} sent you ${what}. The latest:</p><blockquote style="white-space:pre-wrap">${escapeHtml(preview)}</blockquote><p><a href="${escapeHtml(input.link)}">Read and reply</a></p><p>You can turn these emails off under Profile, Settings, 'New messages', or <a href="${escapeHtml(input.unsubscribeLink)}">unsubscribe from message emails</a>.</p><p>TradeNest</p>`,
  };
}
