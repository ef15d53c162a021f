import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { App } from '../server/app';

/** Starts the app listening on a free port of 127.0.0.1 and returns its base URL. */
export async function listen(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

// biome-ignore lint/suspicious/noExplicitAny: event data is read the way tests read response.json().
type EventData = any;

export interface SseEvent {
  event: string;
  data: unknown;
}

export interface EventStream {
  status: number;
  /** The next event of this type (and matching `match`), waiting for it up to `timeoutMs`. */
  next(type: string, match?: (data: EventData) => boolean, timeoutMs?: number): Promise<EventData>;
  /** Every event received so far. */
  received: SseEvent[];
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Opens `GET /api/v1/events` as a browser's EventSource would, parsing what arrives. */
export function openEvents(baseUrl: string, cookie?: string): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${baseUrl}/api/v1/events`,
      { headers: { accept: 'text/event-stream', ...(cookie ? { cookie } : {}) } },
      (response) => {
        const received: SseEvent[] = [];
        const waiters: {
          type: string;
          match: (d: EventData) => boolean;
          resolve: (d: EventData) => void;
          from: number;
        }[] = [];
        let buffer = '';
        let endedResolve: () => void = () => {};
        const ended = new Promise<void>((r) => {
          endedResolve = r;
        });
        const settle = () => {
          for (const w of [...waiters]) {
            const found = received.slice(w.from).find((e) => e.event === w.type && w.match(e.data));
            if (found) {
              waiters.splice(waiters.indexOf(w), 1);
              w.resolve(found.data);
            }
          }
        };
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let end = buffer.indexOf('\n\n');
          while (end !== -1) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (event && data !== undefined) received.push({ event, data: JSON.parse(data) });
            end = buffer.indexOf('\n\n');
          }
          settle();
        });
        response.on('end', () => endedResolve());
        response.on('close', () => endedResolve());
        let consumed = 0;
        resolve({
          status: response.statusCode ?? 0,
          received,
          ended,
          next(type, match = () => true, timeoutMs = 5000) {
            return new Promise((res, rej) => {
              const timer = setTimeout(
                () =>
                  rej(
                    new Error(`no '${type}' event within ${timeoutMs} ms; got ${JSON.stringify(received)}`),
                  ),
                timeoutMs,
              );
              const from = consumed;
              waiters.push({
                type,
                match,
                from,
                resolve: (d) => {
                  clearTimeout(timer);
                  consumed = received.findIndex((e, i) => i >= from && e.data === d) + 1;
                  res(d);
                },
              });
              settle();
            });
          },
          close: () => request.destroy(),
        });
      },
    );
    request.on('error', reject);
  });
}
