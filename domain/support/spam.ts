// The guest form's simple spam rules (issue 39): a guest has no account to lose, so what they send is
// checked before it reaches the support queue. Tuned so that real questions pass: one or two links
// (a job, a screenshot) are fine; a message that is mostly links, shouts one character, or carries the
// phrases of bulk spam is not.

/** Links counted in a message: http(s) addresses and bare `www.` ones. */
const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"']+/gi;

/** The phrases of bulk spam, lower case; a real question about a trade job does not use them. */
export const SPAM_PHRASES = [
  'buy now',
  'click here',
  'casino',
  'viagra',
  'cialis',
  'crypto investment',
  'bitcoin investment',
  'seo services',
  'guest post',
  'backlinks',
  'increase your traffic',
  'work from home',
  'make money fast',
  'earn $',
  'free money',
  'loan offer',
  'payday loan',
  'dear sir/madam, we offer',
] as const;

export const SPAM_RULES = {
  /** More links than this is spam. */
  maxLinks: 2,
  /** The same character this many times in a row ('!!!!!!!!!!!!', 'aaaaaaaaaaaa') is spam. */
  repeatRun: 12,
} as const;

export type SpamReason = 'links' | 'link-only' | 'repeated' | 'phrase';

/** Why a guest's message looks like spam, or null when it reads like a real message. */
export function spamReason(message: string): SpamReason | null {
  const links = message.match(LINK) ?? [];
  if (links.length > SPAM_RULES.maxLinks) return 'links';
  if (links.length > 0 && message.replace(LINK, '').replace(/[\s\p{P}]/gu, '').length === 0)
    return 'link-only';
  if (new RegExp(`(\\S)\\1{${SPAM_RULES.repeatRun - 1},}`, 'u').test(message)) return 'repeated';
  const lower = message.toLowerCase().replace(/\s+/g, ' ');
  if (SPAM_PHRASES.some((phrase) => lower.includes(phrase))) return 'phrase';
  return null;
}
