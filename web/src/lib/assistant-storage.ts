// Where the assistant's conversation is kept between page loads: this tab's sessionStorage, so a reload
// keeps it and closing the tab ends it. It is part of the first script (accounts' clearSession forgets
// the conversation when someone signs out), so it holds only the key and the forgetting, below both
// features; the conversation itself lives in features/assistant/conversation.ts, loaded with the panel.

export const ASSISTANT_STORAGE_KEY = 'tradenest.assistant';

const listeners = new Set<() => void>();

/** Forgets the conversation, stored and on screen: the session has ended (spec section 4). */
export function forgetAssistantConversation(): void {
  try {
    sessionStorage.removeItem(ASSISTANT_STORAGE_KEY);
  } catch {
    // No storage: nothing was kept.
  }
  for (const listener of listeners) listener();
}

/** Runs `listener` whenever the conversation is forgotten; returns the unsubscribe. */
export function onAssistantForgotten(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
