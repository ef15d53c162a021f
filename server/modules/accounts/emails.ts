import { escapeHtml } from '../../lib/html';
import type { NewEmail } from '../notifications';

export function verificationEmail({
  to,
  name,
  link,
}: {
  to: string;
  name: string | null;
  link: string;
}): NewEmail {
  const greeting = name ? `Hello ${name},` : 'Hello,';
  return {
    to,
    kind: 'verify_email',
    subject: 'Confirm your email address for TradeNest',
    text: [
      greeting,
      '',
      'Thanks for joining TradeNest. Please confirm your email address by opening this link:',
      '',
      link,
      '',
      'The link works for 7 days. If you did not create an account, you can ignore this email.',
      '',
      'TradeNest',
    ].join('\n'),
    html: `<p>${escapeHtml(greeting)}</p><p>Thanks for joining TradeNest. Please confirm your email address:</p><p><a href="${escapeHtml(link)}">Confirm my email address</a></p><p>The link works for 7 days. If you did not create an account, you can ignore this email.</p><p>TradeNest</p>`,
  };
}

/**
 * A security email: it goes whatever the Settings switches say, and carries no unsubscribe link, so
 * the owner learns of a change they did not make.
 */
export function passwordChangedEmail({
  to,
  name,
  appUrl,
  at,
}: {
  to: string;
  name: string | null;
  appUrl: string;
  at: Date;
}): NewEmail {
  const greeting = name ? `Hello ${name},` : 'Hello,';
  const when = at.toLocaleString('en-GB', {
    timeZone: 'Europe/London',
    dateStyle: 'long',
    timeStyle: 'short',
  });
  const help = `${appUrl}/support`;
  return {
    to,
    kind: 'password_changed',
    subject: 'Your TradeNest password was changed',
    text: [
      greeting,
      '',
      `The password of your TradeNest account was changed on ${when} (UK time), and every other device was signed out.`,
      '',
      `If this was not you, contact us straight away: ${help}`,
      '',
      'TradeNest',
    ].join('\n'),
    html: `<p>${escapeHtml(greeting)}</p><p>The password of your TradeNest account was changed on ${escapeHtml(when)} (UK time), and every other device was signed out.</p><p>If this was not you, <a href="${escapeHtml(help)}">contact us straight away</a>.</p><p>TradeNest</p>`,
  };
}

/** A one-time sign-in link: it goes whatever the Settings switches say, since the owner asked for it. */
export function signInLinkEmail({
  to,
  link,
  minutes,
}: {
  to: string;
  link: string;
  minutes: number;
}): NewEmail {
  return {
    to,
    kind: 'sign_in_link',
    subject: 'Your TradeNest sign-in link',
    text: [
      'Hello,',
      '',
      'Someone (we hope you) asked to sign in to TradeNest with this email address. Open this link to sign in:',
      '',
      link,
      '',
      `The link works once, within ${minutes} minutes. If you did not ask for it, ignore this email: nobody can use it without access to your inbox.`,
      '',
      'TradeNest',
    ].join('\n'),
    html: `<p>Hello,</p><p>Someone (we hope you) asked to sign in to TradeNest with this email address.</p><p><a href="${escapeHtml(link)}">Sign in to TradeNest</a></p><p>The link works once, within ${minutes} minutes. If you did not ask for it, ignore this email: nobody can use it without access to your inbox.</p><p>TradeNest</p>`,
  };
}
