import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AnalyticsQuery, AnalyticsView } from '../../../domain/analytics/api';
import { openApiDoc } from '../../lib/route-docs';
import { requireUser } from '../../plugins/auth-context';
import { type AnalyticsDeps, tradespersonAnalytics } from './analytics.service';

// A tradesperson's figures over a period (docs/api/analytics.md). Thin: the service owns the rules.

const doc = openApiDoc('analytics');

export const analyticsRoutes =
  (deps: AnalyticsDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/analytics',
      doc("The signed-in tradesperson's figures over a period, against the period before", {
        querystring: AnalyticsQuery,
        response: { 200: AnalyticsView },
      }),
      async (request) => tradespersonAnalytics(deps, requireUser(request), request.query.period),
    );
  };
