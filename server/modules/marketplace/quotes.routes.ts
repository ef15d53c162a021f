import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BookingResponse,
  MyQuoteResponse,
  MyQuotesQuery,
  MyQuotesResponse,
  QuoteComparisonResponse,
  QuoteResponse,
  QuoteRevisionsResponse,
} from '../../../domain/marketplace/api';
import { QuoteBody } from '../../../domain/marketplace/schemas';
import { openApiDoc } from '../../lib/route-docs';
import { requireUser } from '../../plugins/auth-context';
import type { MarketDeps } from './jobs.service';
import {
  acceptQuote,
  compareQuotes,
  editQuote,
  getQuote,
  myQuotes,
  quoteRevisions,
  submitQuote,
  withdrawQuote,
} from './quotes.service';

const doc = openApiDoc('quotes');

// Quoting, revising, withdrawing and accepting change nothing a session carries, nor anything visitors
// read (a tradesperson's jobs completed change with booking.completed, announced by its event).
const unchanged = { config: { sessionUnchanged: true } };

const Params = z.object({ id: z.uuid() });

export const quoteRoutes =
  (deps: MarketDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/jobs/:id/quotes',
      doc(
        'Quote for a job: an amount in pounds, or line items whose total the server computes',
        {
          params: Params,
          body: QuoteBody,
          response: { 201: QuoteResponse },
        },
        unchanged,
      ),
      async (request, reply) =>
        reply
          .status(201)
          .send({ quote: await submitQuote(deps, requireUser(request), request.params.id, request.body) }),
    );

    app.patch(
      '/quotes/:id',
      doc(
        'Revise a pending quote (the replaced version is kept)',
        {
          params: Params,
          body: QuoteBody,
          response: { 200: QuoteResponse },
        },
        unchanged,
      ),
      async (request) => ({
        quote: await editQuote(deps, requireUser(request), request.params.id, request.body),
      }),
    );

    app.post(
      '/quotes/:id/withdraw',
      doc('Withdraw a pending quote', { params: Params, response: { 200: QuoteResponse } }, unchanged),
      async (request) => ({ quote: await withdrawQuote(deps, requireUser(request), request.params.id) }),
    );

    app.post(
      '/quotes/:id/accept',
      doc(
        'Accept a quote: one transaction creates the confirmed booking',
        {
          params: Params,
          response: { 200: BookingResponse },
        },
        unchanged,
      ),
      async (request) => ({ booking: await acceptQuote(deps, requireUser(request), request.params.id) }),
    );

    app.get(
      '/quotes/mine',
      doc("A page of the tradesperson's quotes, newest first", {
        querystring: MyQuotesQuery,
        response: { 200: MyQuotesResponse },
      }),
      async (request) => myQuotes(deps, requireUser(request), request.query),
    );

    app.get(
      '/jobs/:id/quotes/compare',
      doc("The job's live quotes side by side, for its customer", {
        params: Params,
        response: { 200: QuoteComparisonResponse },
      }),
      async (request) => compareQuotes(deps, requireUser(request), request.params.id),
    );

    app.get(
      '/quotes/:id/revisions',
      doc("A quote's earlier versions, newest first", {
        params: Params,
        response: { 200: QuoteRevisionsResponse },
      }),
      async (request) => ({ revisions: await quoteRevisions(deps, requireUser(request), request.params.id) }),
    );

    app.get(
      '/quotes/:id',
      doc('One quote with its job', { params: Params, response: { 200: MyQuoteResponse } }),
      async (request) => ({ quote: await getQuote(deps, requireUser(request), request.params.id) }),
    );
  };
