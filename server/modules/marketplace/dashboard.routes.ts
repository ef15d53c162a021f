import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LIMITS } from '../../../domain/catalog/catalog';
import { DashboardView } from '../../../domain/marketplace/api';
import { AppError } from '../../lib/app-error';
import { requireUser } from '../../plugins/auth-context';
import { ratingsOf } from '../ratings';
import { tradespersonBookingStats } from './bookings.repository';
import { myBookings } from './bookings.service';
import type { MarketDeps } from './jobs.service';
import { countQuotes } from './quotes.repository';
import { myQuotes } from './quotes.service';

export const dashboardRoutes =
  (deps: MarketDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/tradesperson/dashboard',
      {
        schema: {
          tags: ['dashboard'],
          summary: "A tradesperson's figures and lists",
          response: { 200: DashboardView },
        },
      },
      async (request) => {
        const auth = requireUser(request);
        if (auth.user.userType !== 'tradesperson') throw AppError.notFound();
        const id = auth.user.id;
        const [bookingStats, pendingQuotes, ratings, recentQuotes, activeJobs] = await Promise.all([
          tradespersonBookingStats(deps.db, id),
          countQuotes(deps.db, id, 'pending'),
          ratingsOf(deps.db, [id]),
          myQuotes(deps, auth, 'all', LIMITS.dashboardListLimit),
          myBookings(deps, auth, { statuses: ['pending', 'confirmed'], limit: LIMITS.dashboardActiveJobs }),
        ]);
        const rating = ratings.get(id)!;
        return {
          stats: {
            activeJobs: bookingStats.active,
            pendingQuotes,
            totalEarningsPence: bookingStats.earningsPence,
            rating: rating.rating,
            reviewCount: rating.reviewCount,
          },
          recentQuotes,
          activeJobs,
        };
      },
    );
  };
