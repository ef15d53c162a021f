import { type SQL, sql } from 'drizzle-orm';
import type { DomainEventType, NewDomainEvent } from '../../domain/events/catalog';
import type { Executor } from '../db/client';
import { domainEvents } from '../db/schema';
import { type Queue, send } from './queue';

/** The queue that hands recorded events to their consumers (server/modules/events/dispatch.ts). */
export const DISPATCH_QUEUE = 'events.dispatch';

/**
 * Events recorded without a dispatch job, because no consumer reacts to them (decision 0013): a sent
 * message reaches the other side straight from the request (decision 0011), its email comes from the
 * unread notifier after 5 minutes, and the audit log does not copy messages. A job per message, which
 * the dispatcher then ran to do nothing, cost the database more than the message itself
 * (bench/README.md, real-time messaging).
 */
const UNDISPATCHED: ReadonlySet<DomainEventType> = new Set(['message.sent']);

/**
 * The transactional outbox (decision 0013). A use case records what happened inside its own
 * transaction: the event row and the queue job that will dispatch it commit together with the change,
 * or not at all, so a consumer never hears of a change that was rolled back and never misses one
 * that committed, whatever crashes in between.
 */
export class EventOutbox {
  constructor(private readonly queue: Pick<Queue, 'wake'>) {}

  async record(tx: Executor, event: NewDomainEvent): Promise<string> {
    const [row] = await tx
      .insert(domainEvents)
      .values({ type: event.type, actorId: event.actorId, payload: event.payload })
      .returning({ id: domainEvents.id });
    if (!UNDISPATCHED.has(event.type)) await send(tx, DISPATCH_QUEUE, { eventId: row!.id });
    return row!.id;
  }

  /**
   * `record` for an event that is not dispatched, as a CTE (`outbox_event`) to open the WITH of the
   * caller's own statement: a change and its event written in one statement commit together without a
   * transaction around them, in one round trip. (A dispatched event needs its job in the same
   * transaction, which pg-boss writes with a statement of its own: use `record`.)
   */
  recordInStatement(event: NewDomainEvent): SQL {
    if (!UNDISPATCHED.has(event.type)) throw new Error(`${event.type} is dispatched: use record()`);
    return sql`outbox_event as (
      insert into ${domainEvents} (type, actor_id, payload)
      values (${event.type}, ${event.actorId}::uuid, ${JSON.stringify(event.payload)}::jsonb)
      returning id)`;
  }

  /** Called once the transaction has committed: this instance dispatches now, not at the next poll. */
  committed(): void {
    this.queue.wake(DISPATCH_QUEUE);
  }
}
