import { LRUCache } from 'lru-cache';

/**
 * Reads shared by every viewer on this instance, kept for at most `ttlMs`: the open-jobs list as every
 * tradesperson sees it before their own view is applied (decision 0009), and what visitors read of
 * tradespeople (featured, search, profiles, reviews; decision 0020). Most such requests are then
 * answered without reading the database, which is what lets them keep up under load.
 *
 * Whoever owns one clears it when a write may change what it holds, on every instance (through the
 * event bus). The promise is kept, not the rows, so the requests that arrive while a page is being
 * read wait for that one read instead of each starting their own.
 */
export class SharedPages<T> {
  private readonly pages: LRUCache<string, Promise<T>> | null;

  constructor(ttlMs: number, max = 1_000) {
    this.pages = ttlMs > 0 ? new LRUCache({ max, ttl: ttlMs }) : null;
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
