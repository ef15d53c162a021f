// The assistant's and Enhance with AI's words and limits (spec sections 2, 4, 5 and 8), apart from the
// zod schemas so that web pages import them without zod.

export const ASSISTANT_TEXTS = {
  title: 'AI Assistant',
  greeting: (product: string) => `Hi! I'm here to help you navigate ${product}. What can I help you with?`,
  placeholder: 'Ask me anything...',
  error: 'Sorry, I encountered an error. Please try again.',
  noMessage: "I'm sorry, I couldn't process that request.",
  /** Ours: the per-minute limit (429). */
  tooMany: 'You are sending messages too quickly. Please wait a minute and try again.',
} as const;

export const ENHANCE_TEXTS = {
  action: 'Enhance with AI',
  useThis: 'Use This',
  keepOriginal: 'Keep Original',
  /** The success toast after 'Use This' (spec section 8). */
  applied: 'Applied!',
  tooShortTitle: 'Description too short',
  tooShortBody: 'Please write at least 20 characters',
  failure: 'AI Error: Failed to enhance description. Please try again.',
} as const;

export const ASSISTANT_LIMITS = {
  /** The panel's size (spec section 9). */
  panelWidthPx: 340,
  panelHeightPx: 500,
  messageMax: 1000,
  /** Earlier turns sent with a message, oldest first: enough for a follow-up question. */
  historyMax: 10,
  /** Enhance with AI needs this much description (spec section 5), and never returns more than the field takes. */
  enhanceMin: 20,
  enhanceMax: 2000,
} as const;

/** The spec's context values, from the path the widget is opened on (section 7). */
export const ASSISTANT_CONTEXTS = [
  'posting a job',
  'browsing',
  'viewing job details',
  'tradesperson dashboard',
  'managing quotes',
  'general',
] as const;
export type AssistantContext = (typeof ASSISTANT_CONTEXTS)[number];

/**
 * The context of a path: 'posting a job' (contains post-job) and 'viewing job details' (contains job/),
 * as the spec says, checked in that order; the tradesperson's dashboard, Manage Quotes, and the lists
 * people browse (services, jobs, locations, tradespeople, reviews) by the screens they name; else 'general'.
 */
export function contextOfPath(path: string): AssistantContext {
  if (path.includes('post-job')) return 'posting a job';
  if (path.includes('job/')) return 'viewing job details';
  if (path.startsWith('/tradesperson-dashboard') || path.startsWith('/tradesperson/dashboard'))
    return 'tradesperson dashboard';
  if (path.startsWith('/manage-quotes')) return 'managing quotes';
  if (/^\/(browse|browse-services|browse-location|reviews)(\/|$|\?)/.test(path)) return 'browsing';
  // A tradesperson's public profile (its id), not their own screens under /tradesperson/.
  if (/^\/tradesperson\/[0-9a-f-]{36}$/.test(path)) return 'browsing';
  return 'general';
}
