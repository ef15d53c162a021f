import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BookingResponse, MyBookingsQuery, MyBookingsResponse } from '../../../domain/marketplace/api';
import { CreateBookingBody } from '../../../domain/marketplace/schemas';
import { openApiDoc } from '../../lib/route-docs';
import { requireUser } from '../../plugins/auth-context';
import { actOnBooking, type BookingAction, createBooking, myBookings } from './bookings.service';
import type { MarketDeps } from './jobs.service';

const doc = openApiDoc('bookings');

export const bookingRoutes =
  (deps: MarketDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/bookings',
      doc('Book a quote for a date (pending until the tradesperson confirms)', {
        body: CreateBookingBody,
        response: { 201: BookingResponse },
      }),
      async (request, reply) =>
        reply.status(201).send({ booking: await createBooking(deps, requireUser(request), request.body) }),
    );

    app.get(
      '/bookings/mine',
      doc("A page of the caller's bookings, newest first", {
        querystring: MyBookingsQuery,
        response: { 200: MyBookingsResponse },
      }),
      async (request) => myBookings(deps, requireUser(request), request.query),
    );

    for (const action of ['confirm', 'decline', 'cancel', 'complete'] as const satisfies BookingAction[]) {
      app.post(
        `/bookings/:id/${action}`,
        doc(`${action[0]!.toUpperCase()}${action.slice(1)} a booking`, {
          params: z.object({ id: z.uuid() }),
          response: { 200: BookingResponse },
        }),
        async (request) => ({
          booking: await actOnBooking(deps, requireUser(request), request.params.id, action),
        }),
      );
    }
  };
