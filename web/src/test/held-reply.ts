import type { Reply } from './render';

/**
 * A reply held back until the test sends it, to see what the app shows while it waits: `answer` is the
 * handler to give mockApi, `asked` turns true when the request comes, `send` answers it.
 */
export function heldReply() {
  let resolveReply: (reply: Reply) => void = () => {};
  const held = {
    asked: false,
    answer: () =>
      new Promise<Reply>((resolve) => {
        resolveReply = resolve;
        held.asked = true;
      }),
    send: (reply: Reply) => resolveReply(reply),
  };
  return held;
}
