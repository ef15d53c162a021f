import type { AssistantLink, AssistantTurn } from '../../../domain/assistant/api';
import type { Enhancement } from '../../../domain/assistant/enhance';
import type { AssistantContext } from '../../../domain/assistant/messages';

// The AI provider, behind one interface (ARCHITECTURE: AI): `local` (default: offline, no model; answers
// from the product's own help content through a search index and from the asker's own data through
// tools, and rewrites descriptions with rules) or `openai` (any OpenAI-compatible chat-completions
// server through the official SDK, streaming, with the same tools).

/** Who is asking. A guest has no tools: questions about "my" data are answered with a sign-in link. */
export type Asker =
  | { kind: 'guest' }
  | {
      kind: 'authenticated';
      userType: 'customer' | 'tradesperson';
      isAdmin: boolean;
      firstName: string | null;
    };

/** One tool: a read of the asker's own data. No tool takes an id, so none can reach anyone else's. */
export interface ToolSpec {
  name: AssistantToolName;
  description: string;
}

export const ASSISTANT_TOOL_NAMES = [
  'my_open_jobs',
  'quotes_waiting',
  'unread_messages',
  'next_booking',
  'money_held',
] as const;
export type AssistantToolName = (typeof ASSISTANT_TOOL_NAMES)[number];

/** The tools bound to the session's user (none for a guest). Results are plain JSON-able data. */
export interface AssistantTools {
  list(): ToolSpec[];
  call(name: AssistantToolName): Promise<unknown>;
}

export interface AssistantRequest {
  message: string;
  /** Earlier turns, oldest first. */
  history: AssistantTurn[];
  context: AssistantContext;
  asker: Asker;
  tools: AssistantTools;
  signal: AbortSignal;
}

/** Streamed pieces of a reply: text as it is written; links the reply points to (also in the text). */
export type ReplyChunk = { type: 'text'; text: string } | { type: 'link'; link: AssistantLink };

export interface AiProvider {
  readonly name: 'local' | 'openai';
  reply(request: AssistantRequest): AsyncIterable<ReplyChunk>;
  /**
   * A clearer job description, never with a fact (number, date, brand, measurement) the original
   * lacks, and apart from it the few questions that matter for this job.
   */
  enhance(input: { description: string; category: string }, signal: AbortSignal): Promise<Enhancement>;
}
