import type { NewEmail } from '../notifications';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

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
