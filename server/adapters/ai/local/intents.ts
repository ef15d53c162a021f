import type { AssistantToolName } from '../provider';

// What a question asks for, read from clear patterns over the normalised question (text.ts). The order
// of the checks is the order of precedence: small talk, a request to act (which the assistant cannot
// do), other people's data, the asker's own data, and otherwise a how-to or where-is question for
// the search.

/** Things people ask the assistant to do for them, by the verb they use. */
export const ACTIONS = {
  pay: 'make payments',
  release: 'release payments',
  refund: 'issue refunds',
  cancel: 'cancel anything',
  accept: 'accept quotes',
  decline: 'decline quotes',
  reject: 'decline quotes',
  withdraw: 'withdraw quotes',
  approve: 'approve anything',
  message: 'send messages',
  send: 'send anything',
  text: 'send messages',
  email: 'send emails',
  ring: 'call anyone',
  call: 'call anyone',
  change: 'change anything',
  update: 'change anything',
  edit: 'change anything',
  reschedule: 'change bookings',
  delete: 'delete anything',
  remove: 'delete anything',
  book: 'book anyone',
  hire: 'book anyone',
  post: 'post jobs',
  write: 'write anything',
  leave: 'leave reviews',
  verify: 'verify anyone',
  upload: 'upload documents',
} as const;
export type Action = keyof typeof ACTIONS;

/**
 * Verbs that, first in a message, are an order rather than a search ("cancel my booking"). Not 'post',
 * 'book' or 'hire': "post a job" and "book a plumber" typed alone mean "where do I do that".
 */
const IMPERATIVES = new Set<Action>([
  'pay',
  'release',
  'refund',
  'cancel',
  'accept',
  'decline',
  'reject',
  'withdraw',
  'approve',
  'message',
  'send',
  'change',
  'update',
  'edit',
  'reschedule',
  'delete',
  'remove',
]);

export type Intent =
  | { kind: 'greeting' }
  | { kind: 'thanks' }
  | { kind: 'cannot'; action: Action }
  | { kind: 'others'; byId: boolean }
  | { kind: 'own'; tool: AssistantToolName }
  | { kind: 'help' };

const GREETING_WORDS = new Set(
  'hi hello hey hiya howdy yo there good morning afternoon evening how are you doing assistant tradenest'.split(
    ' ',
  ),
);
const THANKS_WORDS = new Set(
  "thanks thank you cheers ta great perfect ok okay brilliant lovely that's that helps helped helpful much so very many bye goodbye".split(
    ' ',
  ),
);

const REQUEST =
  /\b(can|could|would|will) (you|u)\b|\bplease\b|\bfor me\b|\b(want|need) you to\b|\bgo ahead and\b/;
/** A question about how or where: answered from the help, even when it names an action. */
const HOW = /\b(how|where|what|when|why|which|explain|tell|show|help|can i|should i|do i|am i|is it)\b/;
const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/;
const PRIVATE =
  '(jobs?|quotes?|messages?|bookings?|payments?|earnings|money|address|phone|number|email|details|data|account)';
/** Someone else's private things: "other customers' jobs", "John's phone number" (not "the job's details"). */
const SOMEONE_ELSE = new RegExp(
  `\\b(other|another|someone|somebody|everyone|anybody|anyone) ?(else'?s?|people'?s?|customers'?|tradespeople'?s?|user'?s|users'?|person'?s)?\\b.*\\b${PRIVATE}\\b|\\b(?!(job|booking|quote|dispute|tradenest|today|tomorrow)'s)[a-z]+'s ${PRIVATE}\\b`,
);
const FIRST_PERSON = /\b(my|me|i|im|i'm|ive|i've|mine|myself)\b/;
const HOW_TO =
  /\bhow (do|does|can|could|should|would|to)\b|\bwhat (happens|does|is an?|is the)\b|\bwhy\b|\b(can|should|could) i\b|\b(do|does) i (need|have) to\b/;
/** Words that make a message about "my" things a read of them rather than a wish ("I want to post a job"). */
const READ =
  /^my\b|\b(any|have i|do i have|did i|has anyone|have i got|got any|show|list|check|see|what are|what's|what is|which|where are|where is|where's|whens|when (is|will|does|do|am|are|did|'s)|status|still|yet|waiting|pending|unread|new|next|upcoming|held|owed|outstanding|open|live)\b/;
/** Own-data questions that need no "my": "any unread messages?", "when is the plumber coming?". */
const OWN_WITHOUT_ME =
  /\bunread\b|\b(any|new) (new )?(messages|quotes)\b|\bquotes yet\b|\b(coming|arriving)\b/;

/** Topics of the asker's own data, in order of precedence ("messages about my booking" is messages). */
const TOPICS: [AssistantToolName, RegExp][] = [
  ['unread_messages', /\b(messages?|inbox|unread|messaged|replied|replies|chats?)\b/],
  ['quotes_waiting', /\b(quotes?|quoted|offers?|bids?|quotations?)\b/],
  ['money_held', /\b(escrow|held|money|paid|payouts?|released?|earnings|owed|funds)\b/],
  ['next_booking', /\b(bookings?|booked|appointments?|visits?|scheduled|coming|arriving|next job)\b/],
  ['my_open_jobs', /\b(jobs?|posted|postings?|listings?)\b/],
];

/** The words the patterns hinge on: typos of them are corrected before matching (text.ts). */
export const INTENT_VOCABULARY: ReadonlySet<string> = new Set([
  ...Object.keys(ACTIONS),
  ...'messages message inbox unread messaged replied replies quotes quote quoted offers quotations escrow held money paid payouts payout released release earnings owed funds bookings booking booked appointment appointments scheduled coming arriving jobs posted postings listings thanks thank hello cheers someone somebody another other everyone pending waiting upcoming outstanding cancelled payment payments'.split(
    ' ',
  ),
]);

export function detectIntent(text: string): Intent {
  const words = text.split(' ').filter(Boolean);
  if (words.length > 0 && words.every((w) => GREETING_WORDS.has(w))) return { kind: 'greeting' };
  const thanking = words.some((w) => ['thanks', 'thank', 'cheers', 'ta', 'bye'].includes(w));
  if (thanking && words.every((w) => THANKS_WORDS.has(w))) return { kind: 'thanks' };

  const action = requestedAction(words, text);
  if (action) return { kind: 'cannot', action };

  if (UUID.test(text)) return { kind: 'others', byId: true };
  if (SOMEONE_ELSE.test(text) && !/\b(my|mine)\b/.test(text)) return { kind: 'others', byId: false };

  if (!HOW_TO.test(text) && ((FIRST_PERSON.test(text) && READ.test(text)) || OWN_WITHOUT_ME.test(text))) {
    const topic = TOPICS.find(([, pattern]) => pattern.test(text));
    if (topic) return { kind: 'own', tool: topic[0] };
  }
  return { kind: 'help' };
}

/** The action a message asks the assistant to take, if it is an order rather than a question. */
function requestedAction(words: string[], text: string): Action | undefined {
  const first = words.find((w) => w !== 'please' && w !== 'just' && w !== 'now');
  if (first && IMPERATIVES.has(first as Action)) return first as Action;
  if (HOW.test(text) || !REQUEST.test(text)) return undefined;
  return words.find((w): w is Action => Object.hasOwn(ACTIONS, w));
}
