import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DashboardView } from '../../../domain/marketplace/api';
import { requireUser } from '../../plugins/auth-context';
import { tradespersonDashboard } from './dashboard.service';
import type { MarketDeps } from './jobs.service';

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
      async (request) => tradespersonDashboard(deps, requireUser(request)),
    );
  };
