import { LRUCache } from 'lru-cache';
import type { SessionRow } from './auth.repository';

/**
 * Sessions this instance has read recently, by token hash, so that a burst of requests from one
 * browser (a page load makes several) reads the session once. Entries live `ttlMs` at most.
 * A user's own writes drop their entries at once (see the session plugin); what others change about
 * them (a suspension, a sign-out on another instance) applies within `ttlMs`. Why this trade-off is
 * acceptable: docs/decisions/0008-session-cache.md.
 */
export class SessionCache {
  readonly #rows: LRUCache<string, SessionRow>;
  readonly #hashesByUser = new Map<string, Set<string>>();

  constructor(ttlMs: number, max = 50_000) {
    this.#rows = new LRUCache<string, SessionRow>({
      max,
      ttl: ttlMs,
      // Keep the per-user index in step with whatever leaves the cache, however it leaves.
      dispose: (row, hash) => {
        const hashes = this.#hashesByUser.get(row.userId);
        hashes?.delete(hash);
        if (hashes?.size === 0) this.#hashesByUser.delete(row.userId);
      },
    });
  }

  get(tokenHash: string): SessionRow | undefined {
    return this.#rows.get(tokenHash);
  }

  set(tokenHash: string, row: SessionRow): void {
    this.#rows.set(tokenHash, row);
    let hashes = this.#hashesByUser.get(row.userId);
    if (!hashes) {
      hashes = new Set();
      this.#hashesByUser.set(row.userId, hashes);
    }
    hashes.add(tokenHash);
  }

  forget(tokenHash: string): void {
    this.#rows.delete(tokenHash);
  }

  /** Drops every cached session of a user: after anything they changed about themselves. */
  forgetUser(userId: string): void {
    for (const hash of [...(this.#hashesByUser.get(userId) ?? [])]) this.#rows.delete(hash);
  }

  get size(): number {
    return this.#rows.size;
  }
}
