import { LIMITS } from '../../../domain/catalog/catalog';
import type { DashboardView } from '../../../domain/marketplace/api';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../../plugins/auth-context';
import { tradespersonDashboardStats } from './bookings.repository';
import { myBookings } from './bookings.service';
import type { MarketDeps } from './jobs.service';
import { myQuotes } from './quotes.service';

/** The tradesperson's dashboard: their figures, latest quotes and active jobs, read side by side. */
export async function tradespersonDashboard(deps: MarketDeps, auth: AuthContext): Promise<DashboardView> {
  if (auth.user.userType !== 'tradesperson') throw AppError.notFound();
  const [stats, recentQuotes, activeJobs] = await Promise.all([
    tradespersonDashboardStats(deps.db, auth.user.id),
    myQuotes(deps, auth, 'all', LIMITS.dashboardListLimit),
    myBookings(deps, auth, { statuses: ['pending', 'confirmed'], limit: LIMITS.dashboardActiveJobs }),
  ]);
  return {
    stats: {
      activeJobs: stats.active,
      pendingQuotes: stats.pendingQuotes,
      totalEarningsPence: stats.earningsPence,
      rating: stats.rating,
      reviewCount: stats.reviewCount,
    },
    recentQuotes,
    activeJobs,
  };
}
