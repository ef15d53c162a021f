import type { InboxItem } from './admin-api';

/** Who a conversation is with: their name, else their email (a guest may give no name). */
export function personLabel(person: InboxItem['person']): string {
  return person.name?.trim() || person.email || 'Deleted user';
}

/** 'Waiting 25 min' / 'Waiting 3 h 5 min' for a first answer; nothing once answered. */
export function waitingText(minutes: number | null): string | null {
  if (minutes === null) return null;
  if (minutes < 60) return `Waiting ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `Waiting ${hours} h` : `Waiting ${hours} h ${rest} min`;
}
