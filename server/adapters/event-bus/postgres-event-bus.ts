import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { type BusEvent, type EventBus, isBusEvent } from './event-bus';

export const CHANNEL = 'tradenest_events';

/**
 * Several instances on one PostgreSQL: `NOTIFY` carries the announcement (ids only, far below the
 * 8,000-byte payload limit) to every instance's `LISTEN`ing connection, the sender's own included,
 * so every instance, this one too, delivers through the same path. The listening connection is
 * reopened when it drops, with a `resync` so that streams refetch what they may have missed.
 */
export class PostgresEventBus implements EventBus {
  private readonly emitter = new EventEmitter().setMaxListeners(0);
  private listener: pg.Client | null = null;
  private closed = false;
  private retry: NodeJS.Timeout | undefined;
  /** Reconnection attempts that failed in a row: only the first is logged, and the recovery (issue 34). */
  private failedAttempts = 0;

  private constructor(
    private readonly pool: pg.Pool,
    private readonly connection: pg.ClientConfig,
    private readonly log: FastifyBaseLogger,
  ) {}

  static async start(pool: pg.Pool, connection: pg.ClientConfig, log: FastifyBaseLogger) {
    const bus = new PostgresEventBus(pool, connection, log);
    await bus.listen();
    return bus;
  }

  publish(event: Exclude<BusEvent, { type: 'resync' }>): void {
    // After the sender's transaction has committed, on any pooled connection; not awaited.
    this.pool.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify(event)]).catch((err) => {
      this.log.warn({ err }, 'could not announce an event to other instances');
    });
  }

  subscribe(listener: (event: BusEvent) => void): () => void {
    this.emitter.on('event', listener);
    return () => this.emitter.off('event', listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    this.emitter.removeAllListeners();
    const client = this.listener;
    this.listener = null;
    await client?.end().catch(() => {});
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ ...this.connection, application_name: 'tradenest-events' });
    client.on('notification', (n) => {
      if (n.channel !== CHANNEL || !n.payload) return;
      let event: unknown;
      try {
        event = JSON.parse(n.payload);
      } catch {
        return;
      }
      if (isBusEvent(event)) this.emitter.emit('event', event);
    });
    client.on('error', (err) => {
      this.log.warn({ err }, 'event listener connection failed; reconnecting');
      this.reconnectSoon(client);
    });
    client.on('end', () => this.reconnectSoon(client));
    await client.connect();
    await client.query(`listen ${CHANNEL}`);
    // Closed while this connection was being made (a reconnection during shutdown): it must not outlive us.
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.listener = client;
  }

  private reconnectSoon(dead: pg.Client): void {
    if (this.closed || this.listener !== dead) return;
    this.listener = null;
    dead.end().catch(() => {});
    this.listenLater(1000);
  }

  private listenLater(delayMs: number): void {
    this.retry = setTimeout(async () => {
      if (this.closed) return;
      try {
        await this.listen();
        if (this.failedAttempts > 0)
          this.log.info({ failedAttempts: this.failedAttempts }, 'event listener reconnected');
        this.failedAttempts = 0;
        this.emitter.emit('event', { type: 'resync' } satisfies BusEvent);
      } catch (err) {
        // Once per outage, not once per attempt: the database being down is logged where it is noticed.
        if (this.failedAttempts++ === 0)
          this.log.warn({ err }, 'event listener could not reconnect; retrying quietly until it can');
        this.listenLater(Math.min(delayMs * 2, 30_000));
      }
    }, delayMs);
  }
}
