import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { DatabaseHandle } from '../../db/client';
import type { EventBus } from './event-bus';
import { LocalEventBus } from './local-event-bus';
import { PostgresEventBus } from './postgres-event-bus';

export type { BusEvent, EventBus } from './event-bus';

/** LISTEN/NOTIFY on a PostgreSQL server (any number of instances); in-process on the embedded one. */
export async function eventBusFor(database: DatabaseHandle, log: FastifyBaseLogger): Promise<EventBus> {
  if (database.kind !== 'postgres') return new LocalEventBus();
  const pool = database.client as pg.Pool;
  return PostgresEventBus.start(pool, pool.options as pg.ClientConfig, log);
}
