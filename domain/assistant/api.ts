import { z } from 'zod';
import { JOB_CATEGORIES } from '../catalog/catalog';
import { Text, unbounded } from '../fields';
import { ENHANCE_QUESTIONS_MAX } from './enhance';
import { ASSISTANT_CONTEXTS, ASSISTANT_LIMITS as L } from './messages';

// The assistant API contract (docs/api/assistant.md). The server validates with these schemas; the web
// imports their types only.

export const AssistantTurn = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.string().max(4000),
});
export type AssistantTurn = z.infer<typeof AssistantTurn>;

/**
 * ai-assistant (spec section 7): the message, the context of the page it was asked on, and whether the
 * asker is signed in. `userType` is what the browser says; the server trusts only the session, and
 * answers a guest's questions about "my" data by asking them to sign in.
 */
export const AssistantBody = z.object({
  message: z
    .string()
    .trim()
    .min(1, 'Please type a message')
    .max(L.messageMax, `Message must be less than ${L.messageMax} characters`),
  context: z.enum(ASSISTANT_CONTEXTS).catch('general'),
  userType: z.enum(['authenticated', 'guest']),
  /** Earlier turns of this conversation, oldest first. */
  history: z
    .array(AssistantTurn)
    .max(L.historyMax * 2)
    .default([]),
});
export type AssistantBody = z.infer<typeof AssistantBody>;

/** A screen the reply points to, for the widget to show as a link (also written into the text). */
// From the model's text when an OpenAI-compatible provider answers (server/adapters/ai/openai.ts).
export const AssistantLink = z.object({ label: Text, path: Text.regex(/^\/[^/]/) });
export type AssistantLink = z.infer<typeof AssistantLink>;

/**
 * The reply without streaming (Accept: application/json): `message`, as the spec reads it. Links are
 * written in the text as [label](/path) and listed again in `links`.
 */
export const AssistantReply = z.object({
  message: Text,
  links: unbounded(AssistantLink, 'every app screen the answer names'),
  /**
   * Offer 'Talk to support' (issue 39): the person asked for a human, or the assistant could not help
   * (`domain/assistant/handover.ts`). The widget then offers to open a support conversation with the
   * transcript, with the person's consent (`POST /support/handover`).
   */
  offerHandover: z.boolean(),
});
export type AssistantReply = z.infer<typeof AssistantReply>;

/**
 * The streamed reply (Accept: text/event-stream): `event: delta` with `{ text }` as it is written, then
 * `event: done` with the whole AssistantReply, or `event: error` with `{ message }`.
 */
export const AssistantDelta = z.object({ text: Text });

// ---- enhance-job-description ----

export const EnhanceBody = z.object({
  description: z
    .string()
    .trim()
    .min(L.enhanceMin, 'Please write at least 20 characters')
    .max(L.enhanceMax, `Description must be less than ${L.enhanceMax} characters`),
  category: z.enum(JOB_CATEGORIES).or(z.string().trim().max(60)),
});
/**
 * `enhanced` is the description the spec names, which 'Use This' puts into the form; `questions` are
 * asked of the customer beside it (what this job's description leaves out), never put into the job.
 */
export const EnhanceResponse = z.object({
  enhanced: Text,
  questions: z.array(Text).max(ENHANCE_QUESTIONS_MAX),
});
export type EnhanceResponse = z.infer<typeof EnhanceResponse>;
