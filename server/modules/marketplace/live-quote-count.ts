import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/**
 * Recomputes `job_postings.live_quote_count` from the quotes themselves. The quote service keeps the
 * column up to date as it goes; bulk writers (the demo seed, test factories) call this afterwards.
 */
export async function recountLiveQuotes(db: Executor, jobId?: string): Promise<void> {
  await db.execute(sql`
    update job_postings j
    set live_quote_count = (
      select count(*) from quotes q where q.job_id = j.id and q.status in ('pending', 'accepted')
    )
    ${jobId ? sql`where j.id = ${jobId}` : sql``}
  `);
}
