import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { londonToday } from '../../../domain/marketplace/schemas';
import { AvailabilityBody, timeOffSchema } from '../../../domain/scheduling/availability';
import {
  AvailabilityResponse,
  TimeOffCreatedResponse,
  TimeOffParams,
} from '../../../domain/scheduling/availability-api';
import { openApiDoc } from '../../lib/route-docs';
import { requireUser } from '../../plugins/auth-context';
import { addTimeOff, getAvailability, removeTimeOff, setAvailability } from './availability.service';
import type { SchedulingDeps } from './deps';

// A tradesperson's working pattern, lead time, jobs a day and time off (docs/api/scheduling.md). Thin: the services own the rules.

const doc = openApiDoc('scheduling');

export const availabilityRoutes =
  (deps: SchedulingDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // Time off must end today or later, today being the UK's by the injected clock.
    const TimeOffBody = timeOffSchema(() => londonToday(deps.clock.now()));

    app.get(
      '/availability',
      doc("The signed-in tradesperson's working pattern and time to come off", {
        response: { 200: AvailabilityResponse },
      }),
      async (request) => getAvailability(deps, requireUser(request)),
    );

    app.put(
      '/availability',
      doc('Save the working pattern, lead time and jobs a day (all at once)', {
        body: AvailabilityBody,
        response: { 200: AvailabilityResponse },
      }),
      async (request) => setAvailability(deps, requireUser(request), request.body),
    );

    app.post(
      '/availability/time-off',
      doc('Add time off; the answer lists their bookings on those days, which stay booked', {
        body: TimeOffBody,
        response: { 201: TimeOffCreatedResponse },
      }),
      async (request, reply) =>
        reply.status(201).send(await addTimeOff(deps, requireUser(request), request.body)),
    );

    app.delete(
      '/availability/time-off/:id',
      doc('Remove a period of time off', { params: TimeOffParams }),
      async (request, reply) => {
        await removeTimeOff(deps, requireUser(request), request.params.id);
        return reply.status(204).send();
      },
    );
  };
