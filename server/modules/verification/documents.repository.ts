import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { prepared } from '../../db/prepared';
import { documents } from '../../db/schema';

export type DocumentRow = typeof documents.$inferSelect;

/** The columns a document's view is made of (documents.service.ts documentView). */
export type DocumentViewRow = Pick<
  DocumentRow,
  | 'id'
  | 'kind'
  | 'title'
  | 'status'
  | 'fileName'
  | 'expiresOn'
  | 'createdAt'
  | 'rejectionReason'
  | 'replacesId'
>;

export async function documentsOf(db: Executor, userId: string): Promise<DocumentRow[]> {
  // Prepared: the documents page reads it on every visit (issue 19).
  return prepared(db, 'documents_of', (d) =>
    d
      .select()
      .from(documents)
      .where(eq(documents.userId, sql.placeholder('userId')))
      .orderBy(desc(documents.createdAt), asc(documents.id))
      .prepare('documents_of'),
  ).execute({ userId });
}

export async function pendingCount(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(documents)
    .where(and(eq(documents.userId, userId), eq(documents.status, 'pending')));
  return row?.n ?? 0;
}

export async function insertDocument(
  db: Executor,
  values: typeof documents.$inferInsert,
): Promise<DocumentRow> {
  const [row] = await db.insert(documents).values(values).returning();
  return row!;
}

export async function findDocument(db: Executor, id: string): Promise<DocumentRow | undefined> {
  const [row] = await db.select().from(documents).where(eq(documents.id, id));
  return row;
}

/** Deletes the owner's document while it is still pending; the deleted row, or undefined. */
export async function deletePendingDocument(
  db: Executor,
  id: string,
  userId: string,
): Promise<DocumentRow | undefined> {
  const [row] = await db
    .delete(documents)
    .where(and(eq(documents.id, id), eq(documents.userId, userId), eq(documents.status, 'pending')))
    .returning();
  return row;
}

/** Who may see the file stored under `key`, when it belongs to a document. */
export async function documentByKey(
  db: Executor,
  key: string,
): Promise<{ userId: string; fileName: string } | undefined> {
  const [row] = await db
    .select({ userId: documents.userId, fileName: documents.fileName })
    .from(documents)
    .where(eq(documents.storageKey, key))
    .limit(1);
  return row;
}
