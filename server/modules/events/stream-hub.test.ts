import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventBus } from '../../adapters/event-bus';
import type { Database } from '../../db/client';
import { StreamHub } from './stream-hub';

/** A response that records what the hub writes to it. */
function fakeResponse() {
  const written: string[] = [];
  let close = () => {};
  const raw = {
    writableEnded: false,
    writeHead: () => raw,
    write: (chunk: string) => written.push(chunk),
    end: () => {
      raw.writableEnded = true;
    },
    on: (event: string, listener: () => void) => {
      if (event === 'close') close = listener;
      return raw;
    },
  };
  return { raw: raw as unknown as ServerResponse, written, close: () => close() };
}

const bus = { subscribe: () => () => {} } as unknown as EventBus;
const log = { warn: () => {} } as unknown as FastifyBaseLogger;
const pings = (written: string[]) => written.filter((w) => w === ': ping\n\n').length;

describe('stream hub pings', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('pings every stream once in 25 s, a slice of them each second rather than all at once', () => {
    vi.useFakeTimers();
    const hub = new StreamHub({} as Database, bus, log);
    const streams = Array.from({ length: 100 }, (_, i) => {
      const r = fakeResponse();
      hub.open(`user-${i}`, `hash-${i}`, r.raw, `req-${i}`);
      return r;
    });
    vi.advanceTimersByTime(1000);
    expect(streams.map((s) => pings(s.written)).reduce((a, b) => a + b)).toBe(4);
    vi.advanceTimersByTime(24_000);
    expect(streams.map((s) => pings(s.written))).toEqual(streams.map(() => 1));
    hub.close();
  });

  it('stops pinging a stream once it closed', () => {
    vi.useFakeTimers();
    const hub = new StreamHub({} as Database, bus, log);
    const stream = fakeResponse();
    hub.open('user-1', 'hash-1', stream.raw, 'req-1');
    stream.close();
    expect(hub.size).toBe(0);
    vi.advanceTimersByTime(50_000);
    expect(pings(stream.written)).toBe(0);
    hub.close();
  });
});
