import type { NewDomainEvent } from '../../domain/events/catalog';
import type { Executor } from '../db/client';
import { domainEvents } from '../db/schema';
import { type Queue, send } from './queue';

/** The queue that hands recorded events to their consumers (server/modules/events/dispatch.ts). */
export const DISPATCH_QUEUE = 'events.dispatch';

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
    await send(tx, DISPATCH_QUEUE, { eventId: row!.id });
    return row!.id;
  }

  /** Called once the transaction has committed: this instance dispatches now, not at the next poll. */
  committed(): void {
    this.queue.wake(DISPATCH_QUEUE);
  }
}
