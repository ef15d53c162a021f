import { eq } from 'drizzle-orm';
import type { DomainEvent } from '../../../domain/events/catalog';
import type { Executor } from '../../db/client';
import { domainEvents } from '../../db/schema';

export async function findEvent(db: Executor, id: string): Promise<DomainEvent | undefined> {
  const [row] = await db.select().from(domainEvents).where(eq(domainEvents.id, id));
  if (!row) return undefined;
  // The type column is CHECKed against the catalogue and the payload written from its type.
  return {
    id: row.id,
    type: row.type,
    actorId: row.actorId,
    payload: row.payload,
    occurredAt: row.occurredAt.toISOString(),
  } as DomainEvent;
}
