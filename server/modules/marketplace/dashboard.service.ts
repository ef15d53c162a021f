import { LIMITS } from '../../../domain/catalog/catalog';
import type { DashboardView } from '../../../domain/marketplace/api';
import { AppError } from '../../lib/app-error';
import type { AuthContext } from '../../plugins/auth-context';
import { tradespersonDashboardData } from './bookings.repository';
import { type MarketDeps, ukToday } from './jobs.service';
import { bookingCardView, quoteCardView } from './presenters';

/** The tradesperson's dashboard: their figures, latest quotes and active jobs, read in one statement. */
export async function tradespersonDashboard(deps: MarketDeps, auth: AuthContext): Promise<DashboardView> {
  if (auth.user.userType !== 'tradesperson') throw AppError.notFound();
  const data = await tradespersonDashboardData(deps.db, auth.user.id, {
    quotes: LIMITS.dashboardListLimit,
    bookings: LIMITS.dashboardActiveJobs,
  });
  return {
    stats: {
      activeJobs: data.active,
      pendingQuotes: data.pendingQuotes,
      totalEarningsPence: data.earningsPence,
      rating: data.rating,
      reviewCount: data.reviewCount,
    },
    recentQuotes: data.recentQuotes.map((q) => quoteCardView(q, ukToday(deps))),
    activeJobs: data.activeBookings.map(bookingCardView),
  };
}
