// Whether a user may see a job, for what other modules serve on a job's behalf (its photos): the very
// rule the job's own page applies (DOMAIN-RULES 2), so neither can show what the other hides.
import type { Executor } from '../../db/client';
import type { AuthContext } from '../../plugins/auth-context';
import { findJob, tradespersonLinkToJob } from './jobs.repository';
import { viewerOf } from './jobs.service';
import { jobRelation } from './policy';

export async function mayViewJob(db: Executor, auth: AuthContext, jobId: string): Promise<boolean> {
  const job = await findJob(db, jobId);
  if (!job) return false;
  const viewer = viewerOf(auth);
  // Only a tradesperson's link to the job can change the answer; the owner and admins need no read.
  const link =
    viewer.userType === 'tradesperson' && job.customerId !== viewer.id
      ? await tradespersonLinkToJob(db, job.id, viewer.id)
      : null;
  return (
    jobRelation(viewer, job, { hasQuoted: link?.quote !== undefined, isBooked: link?.booked ?? false }) !==
    null
  );
}
