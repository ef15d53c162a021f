import { escapeHtml } from '../../lib/html';
import type { NewEmail } from '../notifications';

// Support's emails. A guest has no account to sign in to, so support's reply goes to them whole; a
// signed-in person is told that a reply waits, and reads it on /chat-support. Notes are never emailed:
// nothing here is given one.

const PREVIEW = 300;
const preview = (text: string) => (text.length > PREVIEW ? `${text.slice(0, PREVIEW - 1)}…` : text);
const signature = (staffName: string | null) =>
  staffName ? `${staffName}, TradeNest support` : 'TradeNest support';

/** Support's reply to a guest's message, sent when it is written. */
export function guestReplyEmail(input: {
  to: string;
  guestName: string | null;
  staffName: string | null;
  subject: string;
  body: string;
  dedupeKey: string;
}): NewEmail {
  const greeting = input.guestName ? `Hello ${input.guestName},` : 'Hello,';
  return {
    to: input.to,
    kind: 'support.replied',
    dedupeKey: input.dedupeKey,
    subject: `Re: ${input.subject}`,
    text: [greeting, '', input.body, '', signature(input.staffName)].join('\n'),
    html: `<p>${escapeHtml(greeting)}</p><p style="white-space:pre-wrap">${escapeHtml(input.body)}</p><p>${escapeHtml(signature(input.staffName))}</p>`,
  };
}

/** Support's replies left unread: one email per conversation and batch. */
export function unreadReplyEmail(input: {
  to: string;
  recipientName: string | null;
  count: number;
  latest: string;
  link: string;
  unsubscribeLink: string;
  dedupeKey: string;
}): NewEmail {
  const greeting = input.recipientName ? `Hello ${input.recipientName},` : 'Hello,';
  const what = input.count === 1 ? 'a reply' : `${input.count} replies`;
  return {
    to: input.to,
    kind: 'support.unread',
    dedupeKey: input.dedupeKey,
    subject: `TradeNest support sent you ${what}`,
    text: [
      greeting,
      '',
      `TradeNest support sent you ${what}. The latest:`,
      '',
      preview(input.latest),
      '',
      `Read and reply: ${input.link}`,
      '',
      "You can turn these emails off under Profile, Settings, 'New messages', or here:",
      input.unsubscribeLink,
      '',
      'TradeNest',
    ].join('\n'),
    html: `<p>${escapeHtml(greeting)}</p><p>TradeNest support sent you ${what}. The latest:</p><blockquote style="white-space:pre-wrap">${escapeHtml(preview(input.latest))}</blockquote><p><a href="${escapeHtml(input.link)}">Read and reply</a></p><p>You can turn these emails off under Profile, Settings, 'New messages', or <a href="${escapeHtml(input.unsubscribeLink)}">unsubscribe from message emails</a>.</p><p>TradeNest</p>`,
  };
}
