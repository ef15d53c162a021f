import type { AssistantBody, AssistantLink, AssistantReply } from '../../../domain/assistant/api';
import type { Enhancement } from '../../../domain/assistant/enhance';
import type { AiProvider } from '../../adapters/ai';
import type { Asker, ReplyChunk } from '../../adapters/ai/provider';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { AuthContext } from '../../plugins/auth-context';
import { assistantTools } from './tools';

export interface AssistantDeps {
  db: Database;
  clock: Clock;
  provider: AiProvider;
  /** The built-in provider, answering when a configured model cannot. */
  fallback: AiProvider;
  log: { warn(details: object, message: string): void };
}

/**
 * Who is asking, from the session alone: the body's userType only says what the browser believes, and
 * a browser saying 'authenticated' without a session is answered as a guest.
 */
function askerOf(auth: AuthContext | null): Asker {
  if (!auth) return { kind: 'guest' };
  const { user } = auth;
  return {
    kind: 'authenticated',
    userType: user.userType,
    isAdmin: user.isAdmin,
    firstName: user.fullName?.trim().split(/\s+/)[0] || null,
  };
}

/**
 * ai-assistant: the reply as it is written. A configured model that fails before writing anything is
 * replaced by the built-in provider (logged without the question), so the assistant keeps answering
 * offline; one that fails midway ends the reply with an error.
 */
export async function* assistantReply(
  deps: AssistantDeps,
  auth: AuthContext | null,
  body: AssistantBody,
  signal: AbortSignal,
): AsyncGenerator<ReplyChunk> {
  const request = {
    message: body.message,
    history: body.history,
    context: body.context,
    asker: askerOf(auth),
    tools: assistantTools(deps.db, auth?.user.id ?? null, deps.clock),
    signal,
  };
  let wrote = false;
  try {
    for await (const chunk of deps.provider.reply(request)) {
      wrote = true;
      yield chunk;
    }
  } catch (error) {
    if (wrote || signal.aborted || deps.provider === deps.fallback) throw error;
    deps.log.warn(
      { err: error, provider: deps.provider.name },
      'AI provider failed; the built-in one answered',
    );
    yield* deps.fallback.reply(request);
  }
}

/** The whole reply at once (a client that does not ask for a stream). */
export async function collectReply(
  chunks: AsyncIterable<ReplyChunk>,
): Promise<Omit<AssistantReply, 'offerHandover'>> {
  let message = '';
  const links: AssistantLink[] = [];
  for await (const chunk of chunks) {
    if (chunk.type === 'text') message += chunk.text;
    else if (!links.some((l) => l.path === chunk.link.path)) links.push(chunk.link);
  }
  return { message, links };
}

/** enhance-job-description, with the same fallback to the built-in rules when a model fails. */
export async function enhanceDescription(
  deps: AssistantDeps,
  input: { description: string; category: string },
  signal: AbortSignal,
): Promise<Enhancement> {
  try {
    return await deps.provider.enhance(input, signal);
  } catch (error) {
    if (signal.aborted || deps.provider === deps.fallback) throw error;
    deps.log.warn(
      { err: error, provider: deps.provider.name },
      'AI provider failed; the built-in rules enhanced',
    );
    return deps.fallback.enhance(input, signal);
  }
}
