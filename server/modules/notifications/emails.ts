import { EMAIL_SWITCH_TEXT, type EmailSwitch } from '../../../domain/notifications/schemas';
import { escapeHtml } from '../../lib/html';
import type { NewEmail } from './email-outbox';

/** What every email says: to whom, what about, and the link to it on TradeNest. */
interface EmailContent {
  to: string;
  recipientName: string | null;
  kind: string;
  title: string;
  body: string;
  link: string;
  dedupeKey: string;
}

/** The email twin of an in-app notification, with the link that turns its switch off. */
export function notificationEmail(
  input: EmailContent & { emailSwitch: EmailSwitch; unsubscribeLink: string },
): NewEmail {
  const greeting = input.recipientName ? `Hello ${input.recipientName},` : 'Hello,';
  const { label } = EMAIL_SWITCH_TEXT[input.emailSwitch];
  const why = `You get these emails because '${label}' is on in your settings.`;
  return {
    to: input.to,
    kind: input.kind,
    dedupeKey: input.dedupeKey,
    subject: input.title,
    text: [
      greeting,
      '',
      input.body,
      '',
      `See it on TradeNest: ${input.link}`,
      '',
      `${why} Stop them: ${input.unsubscribeLink}`,
      '',
      'TradeNest',
    ].join('\n'),
    html: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(input.body)}</p><p><a href="${escapeHtml(input.link)}">See it on TradeNest</a></p><p>${escapeHtml(why)} <a href="${escapeHtml(input.unsubscribeLink)}">Unsubscribe</a></p><p>TradeNest</p>`,
  };
}

/** Why an email that ignores the switches was sent, and what its link is called. */
const ALWAYS_SENT = {
  verification: {
    why: 'You get this email because it concerns the verification of your TradeNest account.',
    linkLabel: 'See your documents',
  },
  dispute: {
    why: 'You get this email because it concerns a dispute about money held for one of your bookings.',
    linkLabel: 'See the dispute',
  },
} as const;

/**
 * An email about the account itself (verification decisions and reminders) or about money a dispute
 * froze or moved: sent whatever the switches say, so it carries no unsubscribe link, and says why it
 * was sent instead.
 */
export function accountEmail(input: EmailContent & { about?: keyof typeof ALWAYS_SENT }): NewEmail {
  const greeting = input.recipientName ? `Hello ${input.recipientName},` : 'Hello,';
  const { why, linkLabel } = ALWAYS_SENT[input.about ?? 'verification'];
  return {
    to: input.to,
    kind: input.kind,
    dedupeKey: input.dedupeKey,
    subject: input.title,
    text: [greeting, '', input.body, '', `${linkLabel}: ${input.link}`, '', why, '', 'TradeNest'].join('\n'),
    html: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(input.body)}</p><p><a href="${escapeHtml(input.link)}">${linkLabel}</a></p><p>${escapeHtml(why)}</p><p>TradeNest</p>`,
  };
}
