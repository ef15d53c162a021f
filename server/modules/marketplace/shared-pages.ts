import { LRUCache } from 'lru-cache';

/**
 * Pages of the open-jobs list as every tradesperson sees them before their own view is applied
 * (whether they quoted, how far away each job is), kept for a short time and shared by every viewer
 * on this instance (docs/decisions/0009). Most requests for the list are then answered without
 * reading the jobs again, which is what lets it keep up under load (bench/marketplace-load.mjs).
 *
 * A write to jobs or quotes on this instance clears it, so its own users see their changes at once;
 * another instance's writes show within `ttlMs`. The promise is kept, not the rows, so the requests
 * that arrive while a page is being read wait for that one read instead of each starting their own.
 */
export class SharedPages<T> {
  private readonly pages: LRUCache<string, Promise<T>> | null;

  constructor(ttlMs: number) {
    this.pages = ttlMs > 0 ? new LRUCache({ max: 1_000, ttl: ttlMs }) : null;
  }

  get(key: string, read: () => Promise<T>): Promise<T> {
    if (!this.pages) return read();
    let page = this.pages.get(key);
    if (!page) {
      page = read();
      const kept = page;
      this.pages.set(key, kept);
      // A failed read is not kept: the next request tries again.
      kept.catch(() => {
        if (this.pages?.get(key) === kept) this.pages.delete(key);
      });
    }
    return page;
  }

  clear(): void {
    this.pages?.clear();
  }
}
