import { JOB_CATEGORIES, type JobCategory } from '../catalog/catalog';
import { TRADES_BY_JOB_CATEGORY } from '../discovery/services';

/**
 * The job categories a trade quotes on ('Plumber' → Plumbing): with the service radius, what "jobs in
 * their area" means for the area's figures (docs/api/analytics.md).
 */
export function jobCategoriesForTrade(trade: string): JobCategory[] {
  return JOB_CATEGORIES.filter((c) => (TRADES_BY_JOB_CATEGORY[c] as readonly string[]).includes(trade));
}
