// The assistant's conversation: one per tab, outside React so that it outlives the panel (closed and
// opened again, or a link in a reply followed to another screen) and a reply still arriving when the
// panel closes is kept. Saved in sessionStorage (storage.ts) so a reload keeps it; forgotten when the
// session ends, or when the person signed in is no longer the one who asked.
import type { AssistantBody, AssistantReply, AssistantTurn } from '@domain/assistant/api';
import { ASSISTANT_LIMITS, ASSISTANT_TEXTS, type AssistantContext } from '@domain/assistant/messages';
import { ApiError, apiFetch } from '@/lib/api';
import { ASSISTANT_STORAGE_KEY, onAssistantForgotten } from '@/lib/assistant-storage';
import { readServerSentEvents } from './sse';

export type ChatMessage = {
  id: string;
  role: 'user' | 'assistant';
  text: string;
  /** The words are the widget's, not the assistant's (an error, no answer): not sent back as history. */
  failed?: boolean;
  /** The assistant cannot help, or the person asked for a human: the panel offers 'Talk to support'. */
  offerHandover?: boolean;
};

export type ChatState = {
  messages: readonly ChatMessage[];
  /** A message has been sent and its reply is not complete: the input waits. */
  pending: boolean;
  /** The reply so far while it streams in; empty until its first words arrive. */
  streaming: string;
};

/** The most turns kept in storage; the server is sent fewer (ASSISTANT_LIMITS.historyMax pairs). */
const KEPT = 100;
/** AssistantTurn's limit on one turn's words. */
const TURN_MAX = 4000;

const EMPTY: ChatState = { messages: [], pending: false, streaming: '' };

type Stored = { owner: string | null; messages: ChatMessage[] };

function isMessage(value: unknown): value is ChatMessage {
  if (typeof value !== 'object' || value === null) return false;
  const m = value as Record<string, unknown>;
  return (
    typeof m.id === 'string' &&
    (m.role === 'user' || m.role === 'assistant') &&
    typeof m.text === 'string' &&
    (m.offerHandover === undefined || typeof m.offerHandover === 'boolean')
  );
}

function load(): Stored {
  try {
    const raw = sessionStorage.getItem(ASSISTANT_STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (typeof parsed === 'object' && parsed !== null) {
      const { owner, messages } = parsed as Record<string, unknown>;
      if ((owner === null || typeof owner === 'string') && Array.isArray(messages)) {
        return { owner, messages: messages.filter(isMessage) };
      }
    }
  } catch {
    // Unreadable or no storage: start afresh.
  }
  return { owner: null, messages: [] };
}

const stored = load();
let state: ChatState = { ...EMPTY, messages: stored.messages };
/** Who was signed in when the conversation was had (null: a visitor). */
let owner = stored.owner;
let inFlight: AbortController | null = null;
let nextId = 0;
const listeners = new Set<() => void>();

function save(): void {
  try {
    const messages = state.messages.slice(-KEPT);
    sessionStorage.setItem(ASSISTANT_STORAGE_KEY, JSON.stringify({ owner, messages } satisfies Stored));
  } catch {
    // Full or unavailable storage: the conversation lasts as long as the page.
  }
}

function set(next: ChatState): void {
  state = next;
  for (const listener of listeners) listener();
}

function reset(): void {
  inFlight?.abort();
  inFlight = null;
  owner = null;
  set(EMPTY);
}

onAssistantForgotten(reset);

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getState(): ChatState {
  return state;
}

/**
 * Tells the conversation who is signed in (undefined while the session loads). A conversation had by
 * someone signed in is forgotten once they are not (signed out in another tab, the session expired);
 * a visitor's carries on when they sign in.
 */
export function syncOwner(userId: string | null | undefined): void {
  if (userId === undefined || userId === owner) return;
  if (owner !== null) {
    reset();
    try {
      sessionStorage.removeItem(ASSISTANT_STORAGE_KEY);
    } catch {
      // Nothing kept.
    }
  }
  owner = userId;
  if (userId !== null && state.messages.length > 0) save();
}

function id(): string {
  nextId += 1;
  return `${Date.now().toString(36)}-${nextId}`;
}

/** The earlier turns sent with a message, oldest first; the widget's own words are left out. */
function historyOf(messages: readonly ChatMessage[]): AssistantTurn[] {
  return messages
    .filter((m) => !m.failed)
    .slice(-ASSISTANT_LIMITS.historyMax * 2)
    .map((m) => ({ role: m.role, content: m.text.slice(0, TURN_MAX) }));
}

class ReplyError extends Error {}

type Reply = { text: string; offerHandover: boolean };

/** The reply's message from an event stream, calling `onText` with the text so far as it arrives. */
async function readStream(response: Response, onText: (text: string) => void): Promise<Reply> {
  if (!response.body) throw new ReplyError('no body');
  let text = '';
  for await (const { event, data } of readServerSentEvents(response.body)) {
    if (event === 'delta') {
      const delta = (JSON.parse(data) as { text?: unknown }).text;
      if (typeof delta === 'string' && delta !== '') {
        text += delta;
        onText(text);
      }
    } else if (event === 'done') {
      return replyOf(JSON.parse(data));
    } else if (event === 'error') {
      throw new ReplyError('error event');
    }
  }
  // The stream ended without its last word: the reply is not whole.
  throw new ReplyError('stream ended early');
}

/** The reply's message ('' when it has none) and whether it offers a hand-over to support. */
function replyOf(reply: unknown): Reply {
  const { message, offerHandover } = (reply ?? {}) as Partial<AssistantReply>;
  return { text: typeof message === 'string' ? message.trim() : '', offerHandover: offerHandover === true };
}

/**
 * The conversation so far, for support when the person agrees to share it: the turns the assistant
 * was part of (not the widget's own error words), at most `max` of the latest, each cut to `turnMax`.
 */
export function transcriptOf(
  messages: readonly ChatMessage[],
  max: number,
  turnMax: number,
): { role: 'user' | 'assistant'; content: string }[] {
  return messages
    .filter((m) => !m.failed)
    .slice(-max)
    .map((m) => ({ role: m.role, content: m.text.slice(0, turnMax) }));
}

/**
 * Sends a message, with the context of the screen it was asked on and whether the asker is signed in.
 * Blank messages, and messages while a reply is on its way, are ignored (returns false).
 */
export function send(text: string, context: AssistantContext, userType: AssistantBody['userType']): boolean {
  const message = text.trim();
  if (message === '' || state.pending) return false;
  const history = historyOf(state.messages);
  set({
    messages: [...state.messages, { id: id(), role: 'user', text: message }],
    pending: true,
    streaming: '',
  });
  save();
  const controller = new AbortController();
  inFlight = controller;
  const body: AssistantBody = { message, context, userType, history };
  void (async () => {
    let reply: ChatMessage;
    try {
      const response = await apiFetch('/assistant/chat', {
        method: 'POST',
        json: body,
        stream: true,
        signal: controller.signal,
      });
      const isStream = response.headers.get('Content-Type')?.includes('text/event-stream') ?? false;
      const answer = isStream
        ? await readStream(response, (so) => {
            if (!controller.signal.aborted) set({ ...state, streaming: so });
          })
        : replyOf(await response.json());
      reply = answer.text
        ? { id: id(), role: 'assistant', text: answer.text, offerHandover: answer.offerHandover || undefined }
        : { id: id(), role: 'assistant', text: ASSISTANT_TEXTS.noMessage, failed: true };
    } catch (error) {
      // Too many questions: the server says how long to wait.
      const text =
        error instanceof ApiError && error.status === 429 && error.message
          ? error.message
          : ASSISTANT_TEXTS.error;
      reply = { id: id(), role: 'assistant', text, failed: true };
    }
    // Forgotten meanwhile (signed out): the reply belongs to nobody now.
    if (controller.signal.aborted) return;
    inFlight = null;
    set({ messages: [...state.messages, reply], pending: false, streaming: '' });
    save();
  })();
  return true;
}
