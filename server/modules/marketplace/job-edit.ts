import type { JobDetailView } from '../../../domain/marketplace/api';
import { type EditJob, MARKET_MESSAGES } from '../../../domain/marketplace/schemas';
import { AppError } from '../../lib/app-error';
import { systemClock } from '../../lib/clock';
import type { AuthContext } from '../../plugins/auth-context';
import { attachPhotos, deletePhotoFiles, type PhotoRow } from '../photos';
import { findJob, updateJobDetails } from './jobs.repository';
import { jobDetail, jobNotFound, jobsChanged, type MarketDeps, placeOfPostcode } from './jobs.service';

/**
 * The customer edits an open job (DOMAIN-RULES 3): its photos (the list given replaces the job's) at
 * any time it is open, its details only while it has no quotes, as tradespeople have priced what they
 * read. Decided under the job's row lock, which quoting takes too, so a quote and an edit of the
 * details cannot both pass. Files of photos taken off the job are deleted once that has committed.
 */
export async function editJob(
  deps: MarketDeps,
  auth: AuthContext,
  jobId: string,
  input: EditJob,
): Promise<JobDetailView> {
  const place = input.details ? placeOfPostcode(input.details.postcode) : null;
  const removed = await deps.db.transaction(async (tx): Promise<PhotoRow[]> => {
    const job = await findJob(tx, jobId, { forUpdate: true });
    if (!job || job.customerId !== auth.user.id) throw jobNotFound();
    if (job.status !== 'open') throw AppError.conflict('not_open', MARKET_MESSAGES.editNotOpen);
    if (input.details && place) {
      if (job.liveQuoteCount > 0) throw AppError.conflict('job_has_quotes', MARKET_MESSAGES.editHasQuotes);
      const { title, category, description, budgetMin, budgetMax, preferredStartDate } = input.details;
      await updateJobDetails(tx, job.id, {
        title,
        category,
        description,
        budgetMin,
        budgetMax,
        preferredStartDate,
        ...place,
        updatedAt: (deps.clock ?? systemClock).now(),
      });
    }
    if (!input.photos) return [];
    return (await attachPhotos(tx, auth.user.id, { jobId: job.id }, input.photos)).removed;
  });
  await deletePhotoFiles(deps.storage, removed);
  jobsChanged(deps);
  return jobDetail(deps, auth, jobId);
}
