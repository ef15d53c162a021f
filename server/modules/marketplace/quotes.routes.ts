import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BookingResponse,
  MyQuoteResponse,
  MyQuotesQuery,
  MyQuotesResponse,
  QuoteResponse,
} from '../../../domain/marketplace/api';
import { QuoteBody } from '../../../domain/marketplace/schemas';
import { openApiDoc } from '../../lib/route-docs';
import { requireUser } from '../../plugins/auth-context';
import type { MarketDeps } from './jobs.service';
import { acceptQuote, editQuote, getQuote, myQuotes, submitQuote, withdrawQuote } from './quotes.service';

const doc = openApiDoc('quotes');

const Params = z.object({ id: z.uuid() });

export const quoteRoutes =
  (deps: MarketDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/jobs/:id/quotes',
      doc('Quote for a job (amount in pounds)', {
        params: Params,
        body: QuoteBody,
        response: { 201: QuoteResponse },
      }),
      async (request, reply) =>
        reply
          .status(201)
          .send({ quote: await submitQuote(deps, requireUser(request), request.params.id, request.body) }),
    );

    app.patch(
      '/quotes/:id',
      doc('Change a pending quote', { params: Params, body: QuoteBody, response: { 200: QuoteResponse } }),
      async (request) => ({
        quote: await editQuote(deps, requireUser(request), request.params.id, request.body),
      }),
    );

    app.post(
      '/quotes/:id/withdraw',
      doc('Withdraw a pending quote', { params: Params, response: { 200: QuoteResponse } }),
      async (request) => ({ quote: await withdrawQuote(deps, requireUser(request), request.params.id) }),
    );

    app.post(
      '/quotes/:id/accept',
      doc('Accept a quote: one transaction creates the confirmed booking', {
        params: Params,
        response: { 200: BookingResponse },
      }),
      async (request) => ({ booking: await acceptQuote(deps, requireUser(request), request.params.id) }),
    );

    app.get(
      '/quotes/mine',
      doc("The tradesperson's quotes, newest first", {
        querystring: MyQuotesQuery,
        response: { 200: MyQuotesResponse },
      }),
      async (request) => ({ quotes: await myQuotes(deps, requireUser(request), request.query.tab) }),
    );

    app.get(
      '/quotes/:id',
      doc('One quote with its job', { params: Params, response: { 200: MyQuoteResponse } }),
      async (request) => ({ quote: await getQuote(deps, requireUser(request), request.params.id) }),
    );
  };
