// When the assistant offers 'Talk to support' (issue 39): the person asked for a human, or the
// assistant could not help. Pure, so the server decides it and the tests pin it down.

/** Words that ask for a person rather than the assistant. */
const ASKS_FOR_HUMAN = [
  /\b(?:a |an |real |actual )?(?:human|person|agent|operator|advisor|adviser)\b/,
  /\b(?:speak|talk|chat)\s+(?:to|with)\s+(?:someone|somebody|anyone|support|staff|the team|you guys)\b/,
  /\bsupport team\b/,
  /\bcustomer (?:service|support|care)\b/,
  /\b(?:complaint|complain|complaining)\b/,
  /\b(?:contact|call|ring|email) (?:support|you|someone|somebody)\b/,
  /\blive chat\b/,
];

/** Whether the person's message asks for a human (a person, an agent, the support team, a complaint). */
export function asksForHuman(message: string): boolean {
  const text = message.toLowerCase().replace(/\s+/g, ' ');
  return ASKS_FOR_HUMAN.some((pattern) => pattern.test(text));
}

/**
 * The assistant's own ways of saying it could not help: the built-in provider's fallback ("I'm not
 * sure I can answer that"), its refusals to act ("I can't … for you"), the empty reply, and a model's
 * "I cannot help with that".
 */
const COULD_NOT_HELP = [
  /\bnot sure i can (?:answer|help)\b/,
  /\bi (?:can't|cannot|can not|couldn't|could not|am unable to|'m unable to) (?:help|answer|process|do that|assist)\b/,
  /\bi can't [^.:]* for you\b/,
  /\bsorry, i (?:encountered an error|couldn't)\b/,
];

/** Whether the assistant's reply says it could not help. */
export function couldNotHelp(reply: string): boolean {
  const text = reply.toLowerCase().replace(/[’]/g, "'");
  return reply.trim() === '' || COULD_NOT_HELP.some((pattern) => pattern.test(text));
}

/** `offerHandover` of an assistant reply. */
export const offersHandover = (message: string, reply: string) =>
  asksForHuman(message) || couldNotHelp(reply);
