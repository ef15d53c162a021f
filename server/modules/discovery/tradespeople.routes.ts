import type { FastifyReply, FastifyRequest } from 'fastify';
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
import { SharedAnswer } from '../../lib/shared-answer';
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
     * write clears it, with its bytes. Signed-in viewers read their own: their saved pros, their own
     * hidden profile. `seen` is told what was answered, the shared copy's value too.
     */
    async function forVisitors<T>(
      request: FastifyRequest,
      reply: FastifyReply,
      key: string,
      read: () => Promise<T>,
      seen?: (value: T) => void,
    ): Promise<T | FastifyReply> {
      if (request.auth || !deps.publicReads) {
        const value = await read();
        seen?.(value);
        return value;
      }
      const shared = (await deps.publicReads.get(
        key,
        async () => new SharedAnswer(await read()),
      )) as SharedAnswer<T>;
      seen?.(shared.value);
      return shared.send(request, reply);
    }

    app.get(
      '/tradespeople',
      doc('Search verified tradespeople by service, category and location', {
        security: SESSION_OPTIONAL,
        querystring: TradespeopleSearchQuery,
        response: { 200: TradespeopleSearchPage },
      }),
      async (request, reply) =>
        forVisitors(
          request,
          reply,
          `search ${JSON.stringify(request.query)}`,
          () => searchTradespeople(deps, request.auth, request.query),
          // Counted for every request, the shared copy's too: each is a page someone saw.
          (page) => deps.counters?.appearedInSearch(page.tradespeople.map((t) => t.id)),
        ),
    );

    app.get(
      '/tradespeople/featured',
      doc('Featured professionals: best rated first, then newest', {
        security: SESSION_OPTIONAL,
        querystring: FeaturedQuery,
        response: { 200: TradespersonList },
      }),
      async (request, reply) =>
        forVisitors(request, reply, `featured ${request.query.limit}`, async () => ({
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
      async (request, reply) =>
        forVisitors(
          request,
          reply,
          `profile ${request.params.id}`,
          async () => ({ profile: await publicProfile(deps, request.auth, request.params.id) }),
          // A view by anyone but the tradesperson themselves, shared copy or not; a 404 is not one.
          () => {
            if (request.auth?.user.id !== request.params.id) deps.counters?.profileViewed(request.params.id);
          },
        ),
    );

    app.get(
      '/tradespeople/:id/reviews',
      doc("A tradesperson's reviews, newest first, keyset-paginated", {
        security: SESSION_OPTIONAL,
        params: TradespersonParams,
        querystring: ReviewsQuery,
        response: { 200: ReviewsPage },
      }),
      async (request, reply) =>
        forVisitors(request, reply, `reviews ${request.params.id} ${JSON.stringify(request.query)}`, () =>
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
