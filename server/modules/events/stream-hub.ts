import type { ServerResponse } from 'node:http';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { BusEvent, EventBus } from '../../adapters/event-bus';
import type { Database } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { messageForStreams } from '../messaging';

/** One open `GET /api/v1/events` response. */
export interface Stream {
  userId: string;
  sessionHash: string;
  send(event: string, data: unknown): void;
  /** Ends the stream; with a delay, asks the browser to reconnect after that many milliseconds. */
  end(reconnectMs?: number): void;
}

const PING_MS = 25_000;
// The pings go out in slices, one every PING_MS / PING_SLICES, each to the streams of that slice:
// writing to 10,000 sockets at once holds the event loop for a noticeable time, which every message
// sent then would wait behind.
const PING_SLICES = 25;
const SESSION_CHECK_MS = 60_000;
const RECONNECT_MIN_MS = 250;
const RECONNECT_SPREAD_MS = 1000;

/**
 * This instance's open event streams, by user, fed by the event bus: an announcement names the
 * users concerned, and only the streams of those users on this instance get anything. A message is
 * read from the database once per announcement, however many of its users' tabs are open here.
 *
 * Streams outlive the request that opened them, so their sessions are checked again every minute:
 * signing out, expiry, suspension or deletion end them within that time, on every instance.
 */
export class StreamHub {
  private readonly byUser = new Map<string, Set<Stream>>();
  private readonly pingSlices: Set<Stream>[] = Array.from({ length: PING_SLICES }, () => new Set());
  private opened = 0;
  private pinged = 0;
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly unsubscribe: () => void;

  constructor(
    private readonly db: Database,
    bus: EventBus,
    private readonly log: FastifyBaseLogger,
  ) {
    this.unsubscribe = bus.subscribe((event) => {
      this.deliver(event).catch((err) => this.log.warn({ err }, 'could not deliver an event to streams'));
    });
    const ping = setInterval(() => {
      for (const s of this.pingSlices[this.pinged++ % PING_SLICES] ?? []) s.send('', null);
    }, PING_MS / PING_SLICES);
    const check = setInterval(() => {
      this.endSignedOut().catch((err) => this.log.warn({ err }, 'could not check event streams’ sessions'));
    }, SESSION_CHECK_MS);
    ping.unref();
    check.unref();
    this.timers.push(ping, check);
  }

  get size(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  /** Takes over a hijacked response as an event stream for this user. */
  open(userId: string, sessionHash: string, raw: ServerResponse, requestId: string): Stream {
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // Reverse proxies (nginx) would otherwise hold events back in their buffers.
      'x-accel-buffering': 'no',
      'x-request-id': requestId,
    });
    const stream: Stream = {
      userId,
      sessionHash,
      send: (event, data) => {
        if (raw.writableEnded) return;
        // An empty name is a comment line: it keeps proxies and the browser from timing out.
        raw.write(event ? `event: ${event}\ndata: ${JSON.stringify(data)}\n\n` : ': ping\n\n');
      },
      end: (reconnectMs) => {
        this.remove(stream);
        if (raw.writableEnded) return;
        raw.end(reconnectMs === undefined ? undefined : `retry: ${reconnectMs}\n\n`);
      },
    };
    let set = this.byUser.get(userId);
    if (!set) {
      set = new Set();
      this.byUser.set(userId, set);
    }
    set.add(stream);
    this.pingSlices[this.opened++ % PING_SLICES]?.add(stream);
    raw.on('close', () => this.remove(stream));
    // Browsers wait this long before reconnecting after the stream drops.
    raw.write('retry: 3000\n\n');
    stream.send('ready', {});
    return stream;
  }

  /**
   * Ends every stream (shutdown). Each is told to reconnect within about a second rather than the
   * 3 s it opened with, spread out so the streams of a whole instance do not come back at once; by
   * then the balancer sends them to another instance.
   */
  close(): void {
    this.unsubscribe();
    for (const t of this.timers) clearInterval(t);
    for (const s of this.all()) s.end(RECONNECT_MIN_MS + Math.floor(Math.random() * RECONNECT_SPREAD_MS));
  }

  private remove(stream: Stream): void {
    for (const slice of this.pingSlices) slice.delete(stream);
    const set = this.byUser.get(stream.userId);
    if (!set) return;
    set.delete(stream);
    if (set.size === 0) this.byUser.delete(stream.userId);
  }

  /** A copy, so streams may end while it is walked. */
  private all(): Stream[] {
    return [...this.byUser.values()].flatMap((set) => [...set]);
  }

  private async deliver(event: BusEvent): Promise<void> {
    if (event.type === 'jobs-changed' || event.type === 'public-changed' || event.type === 'user-changed')
      return;
    if (event.type === 'sessions-ended') {
      // The account was suspended or its sessions revoked: its open streams end now, not at the next sweep.
      for (const s of this.byUser.get(event.userId) ?? []) s.end();
      return;
    }
    if (event.type === 'resync') {
      for (const s of this.all()) s.send('ready', {});
      return;
    }
    const here = event.userIds.filter((id) => this.byUser.has(id));
    if (here.length === 0) return;
    if (event.type === 'activity') {
      // A nudge too: the browser refetches the job and lists it has open, with its own permissions.
      for (const id of here)
        for (const s of this.byUser.get(id) ?? []) s.send('activity', { jobId: event.jobId });
      return;
    }
    if (event.type === 'support') {
      // The conversation's id and nothing else: what changed is fetched through the routes, whose
      // presenters keep internal notes from the person.
      for (const id of here)
        for (const s of this.byUser.get(id) ?? [])
          s.send('support', { conversationId: event.conversationId });
      return;
    }
    if (event.type === 'notification') {
      // A nudge: the browser fetches the count and the list, so nothing is read here.
      for (const id of here) for (const s of this.byUser.get(id) ?? []) s.send('notification', {});
      return;
    }
    if (event.type === 'read') {
      for (const id of here) {
        for (const s of this.byUser.get(id) ?? []) {
          s.send('read', { conversationId: event.conversationId, readerId: event.readerId });
        }
      }
      return;
    }
    const viewOf = await messageForStreams(this.db, event.conversationId, event.messageId);
    if (!viewOf) return;
    for (const id of here) {
      for (const s of this.byUser.get(id) ?? []) s.send('message', { message: viewOf(id) });
    }
  }

  /** Ends the streams whose session is over (every minute; tests call it directly). */
  async endSignedOut(): Promise<void> {
    const hashes = new Set(this.all().map((s) => s.sessionHash));
    if (hashes.size === 0) return;
    const result = await this.db.execute(sql`
      select s.token_hash from ${sessions} s join ${users} u on u.id = s.user_id
       where s.token_hash = any(${sql.param([...hashes])}::text[])
         and s.idle_expires_at > now() and s.absolute_expires_at > now()
         and u.suspended_at is null and u.deleted_at is null`);
    const live = new Set((result as { rows: { token_hash: string }[] }).rows.map((r) => r.token_hash));
    for (const s of this.all()) if (!live.has(s.sessionHash)) s.end();
  }
}
