// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource, stubEventSource } from '@/test/event-source';
import { shareAcrossTabs } from './realtime';

/**
 * Web Locks, exclusive mode only: a waiting request gets the lock when the holder's promise settles;
 * one `ifAvailable` gets null at once instead of waiting.
 */
class FakeLocks {
  private held = new Set<string>();
  private waiting = new Map<string, (() => void)[]>();
  request<T>(
    name: string,
    options: { signal?: AbortSignal; ifAvailable?: boolean },
    callback: (lock: { name: string } | null) => T | Promise<T>,
  ): Promise<T> {
    return new Promise((resolve, reject) => {
      const grant = () => {
        this.held.add(name);
        void Promise.resolve(callback({ name })).then((result) => {
          this.held.delete(name);
          this.waiting.get(name)?.shift()?.();
          resolve(result);
        });
      };
      if (!this.held.has(name)) return grant();
      if (options.ifAvailable) return resolve(callback(null));
      const queue = this.waiting.get(name) ?? [];
      queue.push(grant);
      this.waiting.set(name, queue);
      options.signal?.addEventListener('abort', () => {
        queue.splice(queue.indexOf(grant), 1);
        reject(new DOMException('aborted', 'AbortError'));
      });
    });
  }
}

afterEach(() => vi.unstubAllGlobals());

describe('one event stream shared by the tabs of a browser', () => {
  it('opens one stream, relays its events to every tab, and hands it over when that tab closes', async () => {
    stubEventSource();
    vi.stubGlobal('navigator', { ...navigator, locks: new FakeLocks() });
    const first: [string, unknown][] = [];
    const second: [string, unknown][] = [];
    const closeFirst = shareAcrossTabs('test-events', (type, data) => first.push([type, data]))!;
    const closeSecond = shareAcrossTabs('test-events', (type, data) => second.push([type, data]))!;
    expect(closeFirst).toBeTypeOf('function');
    expect(FakeEventSource.instances).toHaveLength(1);
    // The second tab joined after the stream's 'ready': it fetches again as it starts listening, for
    // whatever was relayed before (its screens loaded first). The first has its own stream's 'ready'.
    expect(second).toEqual([['ready', null]]);
    expect(first).toEqual([]);

    FakeEventSource.instances[0]!.emit('message', { message: { id: 'm1' } });
    const m1 = ['message', JSON.stringify({ message: { id: 'm1' } })];
    expect(first).toEqual([m1]);
    await vi.waitFor(() => expect(second).toEqual([['ready', null], m1]));

    // The tab with the stream closes: the other one opens its own.
    closeFirst();
    expect(FakeEventSource.instances[0]!.readyState).toBe(FakeEventSource.CLOSED);
    await vi.waitFor(() => expect(FakeEventSource.instances).toHaveLength(2));
    FakeEventSource.instances[1]!.emit('ready', {});
    expect(second.at(-1)).toEqual(['ready', null]);
    expect(first).toHaveLength(1);
    closeSecond();
    expect(FakeEventSource.instances[1]!.readyState).toBe(FakeEventSource.CLOSED);
  });

  it('leaves each tab its own stream where Web Locks are missing', () => {
    vi.stubGlobal('navigator', { ...navigator, locks: undefined });
    expect(shareAcrossTabs('test-events', () => {})).toBeNull();
  });
});
