import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DashboardView } from '../../../domain/marketplace/api';
import { openApiDoc } from '../../lib/route-docs';
import { requireUser } from '../../plugins/auth-context';
import { tradespersonDashboard } from './dashboard.service';
import type { MarketDeps } from './jobs.service';

const doc = openApiDoc('dashboard');

export const dashboardRoutes =
  (deps: MarketDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/tradesperson/dashboard',
      doc("A tradesperson's figures and lists", { response: { 200: DashboardView } }),
      async (request) => tradespersonDashboard(deps, requireUser(request)),
    );
  };
