import { SUPPORT_LIMITS as L } from './rules';

// What the support routes answer and the pages show (docs/api/support.md). Tests assert these words.
export const SUPPORT_MESSAGES = {
  notFound: 'Conversation not found',
  messageEmpty: 'Please enter a message',
  messageLong: `Your message must be at most ${L.messageMax} characters`,
  subjectLong: `The subject must be at most ${L.subjectMax} characters`,
  emailInvalid: 'Please enter a valid email address',
  consentRequired: 'Please agree to share the assistant conversation with support',
  spam: 'Your message looks like spam, so it was not sent. Please remove links and try again',
  guestTooMany: 'You have sent several messages already. Support will reply to your email soon',
  closed: 'This conversation is closed. Reopen it to write again',
  alreadyClosed: 'This conversation is already closed',
  notClosed: 'This conversation is not closed',
  notAdmin: 'Only an admin can do this',
  cannedTitleEmpty: 'Please enter a title',
  cannedTitleLong: `The title must be at most ${L.cannedTitleMax} characters`,
  cannedTitleTaken: 'A canned reply with this title already exists',
  cannedNotFound: 'Canned reply not found',
  noBooking: 'Choose the booking the dispute is about',
  alreadyDisputed: 'This conversation has already been turned into a dispute',
  guestSent: "Thanks, we've got your message. Support will reply to your email.",
  signInPrompt: 'Sign in to chat with support, or leave your email and a message.',
  /** Reopening an old conversation while another is open: a person has one open at a time. */
  anotherOpen: 'You already have an open conversation with support. Write to us there',
  /** The first message of a hand-over when the person wrote none of their own. */
  handoverMessage: 'I would like to talk to someone about my conversation with the assistant.',
  /** The in-app notification of a reply (never of a note). */
  repliedTitle: 'Support replied',
  closedTitle: 'Support closed your conversation',
  reopenedTitle: 'Support reopened your conversation',
} as const;
