import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CalendarFeedCreated,
  CalendarFeedParams,
  CalendarFeedStatus,
  CalendarQuery,
  CalendarView,
} from '../../../domain/scheduling/calendar';
import { openApiDoc } from '../../lib/route-docs';
import { requireUser } from '../../plugins/auth-context';
import { NO_SESSION } from '../../plugins/openapi';
import { sendStatic } from '../../plugins/static-files';
import { calendarView, createFeed, feedCalendar, feedStatus, revokeFeed } from './calendar.service';
import type { SchedulingDeps } from './deps';

const doc = openApiDoc('scheduling');

// The tradesperson's calendar, and its private .ics feed (docs/api/scheduling.md). Thin: the services own the rules.

// Making or revoking a feed changes nothing a session carries, nor anything visitors read.
const unchanged = { config: { sessionUnchanged: true } };

export const calendarRoutes =
  (deps: SchedulingDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/calendar',
      doc("The tradesperson's bookings, milestone due dates, time off and working week over a range", {
        querystring: CalendarQuery,
        response: { 200: CalendarView },
      }),
      async (request) => calendarView(deps, requireUser(request), request.query.from, request.query.to),
    );

    app.get(
      '/calendar/feed',
      doc("Whether the tradesperson's calendar feed exists, and when its address was made", {
        response: { 200: CalendarFeedStatus },
      }),
      async (request) => feedStatus(deps, requireUser(request)),
    );

    app.post(
      '/calendar/feed',
      doc(
        'Make the calendar feed, or a new address for it (the old one stops working); the address is shown once',
        { response: { 201: CalendarFeedCreated } },
        unchanged,
      ),
      async (request, reply) => reply.status(201).send(await createFeed(deps, requireUser(request))),
    );

    app.delete(
      '/calendar/feed',
      doc('Turn the calendar feed off: its address stops working', {}, unchanged),
      async (request, reply) => {
        await revokeFeed(deps, requireUser(request));
        return reply.status(204).send();
      },
    );

    // Calendar apps fetch this without a session: the unguessable token in the path is the credential.
    // A GET, so CSRF does not apply; the session hook finds no cookie and leaves the request anonymous.
    app.get(
      '/calendar/feed/:token.ics',
      doc('The private iCalendar feed of bookings, milestone due dates and time off', {
        security: NO_SESSION,
        params: CalendarFeedParams,
      }),
      async (request, reply) => {
        const feed = await feedCalendar(deps, request.params.token);
        // Sent like a file of the build: 304 for the copy the app already has, else br or gzip made once.
        return sendStatic(request, reply.header('cache-control', 'private, max-age=300'), feed);
      },
    );
  };
