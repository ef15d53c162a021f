import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FeaturedQuery,
  PublicProfileResponse,
  ReviewsPage,
  ReviewsQuery,
  TradespeopleSearchPage,
  TradespeopleSearchQuery,
  TradespersonList,
} from '../../../domain/discovery/api';
import { AppError } from '../../lib/app-error';
import { openApiDoc } from '../../lib/route-docs';
import { NO_SESSION, SESSION_OPTIONAL } from '../../plugins/openapi';
import { avatarSvg } from './avatars';
import {
  type DiscoveryDeps,
  featuredTradespeople,
  publicProfile,
  publicReviews,
  searchTradespeople,
} from './tradespeople.service';

const doc = openApiDoc('tradespeople');

const TradespersonParams = z.object({ id: z.uuid() });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Public tradesperson search, featured professionals, public profiles, their reviews and generated avatars (docs/api/discovery.md). */
export const tradespeopleRoutes =
  (deps: DiscoveryDeps): FastifyPluginAsyncZod =>
  async (app) => {
    /**
     * What a visitor reads here is the same for every visitor, so it is shared (decision 0020) until a
     * write clears it. Signed-in viewers read their own: their saved pros, their own hidden profile.
     */
    function forVisitors<T>(request: FastifyRequest, key: string, read: () => Promise<T>): Promise<T> {
      if (request.auth || !deps.publicReads) return read();
      return deps.publicReads.get(key, read) as Promise<T>;
    }

    app.get(
      '/tradespeople',
      doc('Search verified tradespeople by service, category and location', {
        security: SESSION_OPTIONAL,
        querystring: TradespeopleSearchQuery,
        response: { 200: TradespeopleSearchPage },
      }),
      async (request) => {
        const page = await forVisitors(request, `search ${JSON.stringify(request.query)}`, () =>
          searchTradespeople(deps, request.auth, request.query),
        );
        // Counted for every request, the shared copy's too: each is a page someone saw.
        deps.counters?.appearedInSearch(page.tradespeople.map((t) => t.id));
        return page;
      },
    );

    app.get(
      '/tradespeople/featured',
      doc('Featured professionals: best rated first, then newest', {
        security: SESSION_OPTIONAL,
        querystring: FeaturedQuery,
        response: { 200: TradespersonList },
      }),
      async (request) =>
        forVisitors(request, `featured ${request.query.limit}`, async () => ({
          tradespeople: await featuredTradespeople(deps, request.auth, request.query.limit),
        })),
    );

    app.get(
      '/tradespeople/:id',
      doc("A tradesperson's public profile", {
        security: SESSION_OPTIONAL,
        params: TradespersonParams,
        response: { 200: PublicProfileResponse },
      }),
      async (request) => {
        const found = await forVisitors(request, `profile ${request.params.id}`, async () => ({
          profile: await publicProfile(deps, request.auth, request.params.id),
        }));
        // A view by anyone but the tradesperson themselves, shared copy or not; a 404 is not one.
        if (request.auth?.user.id !== request.params.id) deps.counters?.profileViewed(request.params.id);
        return found;
      },
    );

    app.get(
      '/tradespeople/:id/reviews',
      doc("A tradesperson's reviews, newest first, keyset-paginated", {
        security: SESSION_OPTIONAL,
        params: TradespersonParams,
        querystring: ReviewsQuery,
        response: { 200: ReviewsPage },
      }),
      async (request) =>
        forVisitors(request, `reviews ${request.params.id} ${JSON.stringify(request.query)}`, () =>
          publicReviews(deps, request.auth, request.params.id, request.query),
        ),
    );

    app.get(
      '/avatars/:id.svg',
      doc('A generated avatar (DiceBear), the same for the same id', {
        security: NO_SESSION,
        params: z.object({ id: z.string().max(100) }),
      }),
      async (request, reply) => {
        // Seeds are user ids only, so that the cache holds at most one picture per person.
        if (!UUID.test(request.params.id)) throw AppError.notFound();
        const svg = await avatarSvg(request.params.id.toLowerCase());
        return reply
          .header('cache-control', 'public, max-age=31536000, immutable')
          .type('image/svg+xml')
          .send(svg);
      },
    );
  };
