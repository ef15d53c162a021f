/**
 * Announcements between server instances: "something happened to these users", ids only. Each
 * instance turns them into pushes to its own open event streams (server/modules/events).
 */
export type BusEvent =
  | { type: 'message'; conversationId: string; messageId: string; userIds: string[] }
  | { type: 'read'; conversationId: string; readerId: string; userIds: string[] }
  /**
   * A support conversation changed (a message, a note, a read, assignment, closing): for the person
   * and every admin. Ids only: browsers refetch with their own permissions, so a note never travels.
   */
  | { type: 'support'; conversationId: string; userIds: string[] }
  /** These users' notifications changed (a new one, or read): their bells and lists are stale. */
  | { type: 'notification'; userIds: string[] }
  /** A job, quote or booking these users are party to changed: their marketplace screens are stale. */
  | { type: 'activity'; userIds: string[]; jobId: string }
  /** A user changed something about themselves: cached copies of their sessions are stale (0008). */
  | { type: 'user-changed'; userId: string }
  /** Every session of this user was ended (suspended, role removed): drop cached copies, close streams. */
  | { type: 'sessions-ended'; userId: string }
  /** Jobs or quotes changed: shared pages of the open-jobs list are stale (decision 0009). */
  | { type: 'jobs-changed' }
  /** Something visitors read of tradespeople may have changed: shared public reads are stale (0020). */
  | { type: 'public-changed' }
  /** This instance may have missed announcements (its listening connection dropped): resync everyone. */
  | { type: 'resync' };

export interface EventBus {
  /** Sent after the change has committed; delivery is best effort, and never awaited by a request. */
  publish(event: Exclude<BusEvent, { type: 'resync' }>): void;
  subscribe(listener: (event: BusEvent) => void): () => void;
  close(): Promise<void>;
}

export function isBusEvent(value: unknown): value is BusEvent {
  if (typeof value !== 'object' || value === null) return false;
  const e = value as Record<string, unknown>;
  const ids = Array.isArray(e.userIds) && e.userIds.every((id) => typeof id === 'string');
  if (e.type === 'message')
    return typeof e.conversationId === 'string' && typeof e.messageId === 'string' && ids;
  if (e.type === 'read') return typeof e.conversationId === 'string' && typeof e.readerId === 'string' && ids;
  if (e.type === 'notification') return ids;
  if (e.type === 'support') return typeof e.conversationId === 'string' && ids;
  if (e.type === 'activity') return ids && typeof e.jobId === 'string';
  if (e.type === 'user-changed' || e.type === 'sessions-ended') return typeof e.userId === 'string';
  return e.type === 'jobs-changed' || e.type === 'public-changed';
}
