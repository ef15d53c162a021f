// Which job two people may talk about (DOMAIN-RULES 7). Messaging asks; the rules read jobs, quotes
// and bookings, so they live with them.
import type { Executor } from '../../db/client';
import type { AuthContext } from '../../plugins/auth-context';
import { findJob, latestJobQuotedBy, latestJobVisibleTo, tradespersonLinkToJob } from './jobs.repository';
import { viewerOf } from './jobs.service';
import { jobRelation } from './policy';

/**
 * Whether this job lets the user talk to the other person (DOMAIN-RULES 7): the other person owns a
 * job the user can see, or the user owns the job and the other person quoted on it.
 */
export async function mayTalkAboutJob(db: Executor, auth: AuthContext, jobId: string, otherId: string) {
  const job = await findJob(db, jobId);
  if (!job) return false;
  const viewer = viewerOf(auth);
  const mine = viewer.userType === 'tradesperson' ? await tradespersonLinkToJob(db, job.id, viewer.id) : null;
  const relation = jobRelation(viewer, job, {
    hasQuoted: mine?.quote !== undefined,
    isBooked: mine?.booked ?? false,
  });
  if (!relation) return false;
  if (job.customerId === otherId) return true;
  if (job.customerId !== viewer.id) return false;
  return (await tradespersonLinkToJob(db, job.id, otherId)).quote !== undefined;
}

/**
 * The job a conversation started from a profile is about: for a customer, the newest of its jobs the
 * tradesperson quoted on; for a tradesperson, the newest of the customer's jobs it can see. None
 * between two people of the same kind.
 */
export async function jobForConversation(
  db: Executor,
  auth: AuthContext,
  other: { id: string; userType: string },
): Promise<string | null> {
  if (auth.user.userType === 'customer' && other.userType === 'tradesperson') {
    return latestJobQuotedBy(db, auth.user.id, other.id);
  }
  if (auth.user.userType === 'tradesperson' && other.userType === 'customer') {
    return latestJobVisibleTo(db, other.id, auth.user.id);
  }
  return null;
}
