import { z } from 'zod';
import { LIMITS } from '../catalog/catalog';

// The API's own words for messaging (docs/api/messaging.md); the spec's toasts are the web's.
export const MESSAGING_MESSAGES = {
  notFound: 'Conversation not found',
  empty: 'Message cannot be empty',
  tooLong: `Messages can be at most ${LIMITS.messageMax.toLocaleString('en-GB')} characters`,
  self: 'You cannot message yourself',
  otherLeft: 'This person is no longer on TradeNest, so messages cannot reach them',
} as const;

/** Text is trimmed; blank is refused (the web ignores it before sending); at most 5,000 characters. */
export const MessageContent = z
  .string({ error: MESSAGING_MESSAGES.empty })
  // Before trimming: twice the limit, so only junk is refused before the trimmed text is measured.
  .max(LIMITS.messageMax * 2, { error: MESSAGING_MESSAGES.tooLong })
  .transform((s) => s.trim())
  .pipe(
    z
      .string()
      .min(1, { error: MESSAGING_MESSAGES.empty })
      .max(LIMITS.messageMax, { error: MESSAGING_MESSAGES.tooLong }),
  );

export const SendMessageBody = z.object({ content: MessageContent });
export const StartConversationBody = z.object({
  userId: z.uuid({ error: 'Choose who to message' }),
  jobId: z.uuid({ error: 'That job link is not valid' }).optional(),
});

/** How much of the last message a conversation list shows. */
export const PREVIEW_LENGTH = 140;
