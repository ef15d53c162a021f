import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DayOffersParams, DayOffersQuery, DayOffersResponse } from '../../../domain/scheduling/api';
import { openApiDoc } from '../../lib/route-docs';
import { requireUser } from '../../plugins/auth-context';
import { availabilityRoutes } from './availability.routes';
import { bookableDays } from './availability.service';
import { calendarRoutes } from './calendar.routes';
import type { SchedulingDeps } from './deps';
import { rescheduleRoutes } from './reschedules.routes';

const doc = openApiDoc('scheduling');

// A tradesperson's working week (docs/api/scheduling.md): availability, reschedules and the calendar
// feed. Thin: the services own the rules.

export const schedulingRoutes =
  (deps: SchedulingDeps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(availabilityRoutes(deps));
    await app.register(rescheduleRoutes(deps));
    await app.register(calendarRoutes(deps));

    app.get(
      '/tradespeople/:id/bookable-days',
      doc('The days a tradesperson can be booked on, and why the others cannot (the booking calendar)', {
        params: DayOffersParams,
        querystring: DayOffersQuery,
        response: { 200: DayOffersResponse },
      }),
      async (request) => {
        requireUser(request);
        const { from, to, exceptBooking } = request.query;
        return { days: await bookableDays(deps, request.params.id, from, to, exceptBooking) };
      },
    );
  };
