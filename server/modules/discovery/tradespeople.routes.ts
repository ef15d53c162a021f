import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { avatarSvg } from './avatars';
import {
  type DiscoveryDeps,
  featuredTradespeople,
  publicProfile,
  publicReviews,
  searchTradespeople,
} from './tradespeople.service';
import { PublicProfile, PublicReview, SearchResult, TradespersonCard } from './views';

const TradespersonParams = z.object({ id: z.uuid() });

// An empty parameter (`?service=`) means the same as none.
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => value || undefined);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Public tradesperson search, featured professionals, public profiles, their reviews and generated avatars (docs/api/tradespeople.md). */
export const tradespeopleRoutes =
  (deps: DiscoveryDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/tradespeople',
      {
        schema: {
          tags: ['tradespeople'],
          summary: 'Search verified tradespeople by service, category and location',
          querystring: z.object({
            service: optionalText(100),
            location: optionalText(100),
            category: optionalText(40),
            filter: z.enum(['all', 'verified', 'top-rated', 'nearby']).default('all'),
            page: z.coerce.number().int().min(1).max(500).default(1),
            limit: z.coerce.number().int().min(1).max(50).default(20),
          }),
          response: { 200: SearchResult },
        },
      },
      async (request) => searchTradespeople(deps, request.auth, request.query),
    );

    app.get(
      '/tradespeople/featured',
      {
        schema: {
          tags: ['tradespeople'],
          summary: 'Featured professionals: best rated first, then newest',
          querystring: z.object({ limit: z.coerce.number().int().min(1).max(6).default(6) }),
          response: { 200: z.object({ tradespeople: z.array(TradespersonCard) }) },
        },
      },
      async (request) => ({
        tradespeople: await featuredTradespeople(deps, request.auth, request.query.limit),
      }),
    );

    app.get(
      '/tradespeople/:id',
      {
        schema: {
          tags: ['tradespeople'],
          summary: "A tradesperson's public profile",
          params: TradespersonParams,
          response: { 200: z.object({ profile: PublicProfile }) },
        },
      },
      async (request) => ({ profile: await publicProfile(deps, request.auth, request.params.id) }),
    );

    app.get(
      '/tradespeople/:id/reviews',
      {
        schema: {
          tags: ['tradespeople'],
          summary: "A tradesperson's reviews, newest first, keyset-paginated",
          params: TradespersonParams,
          querystring: z.object({
            cursor: z.string().max(200).optional(),
            limit: z.coerce.number().int().min(1).max(50).default(10),
          }),
          response: {
            200: z.object({ reviews: z.array(PublicReview), nextCursor: z.string().nullable() }),
          },
        },
      },
      async (request) => publicReviews(deps, request.auth, request.params.id, request.query),
    );

    app.get(
      '/avatars/:id.svg',
      {
        schema: {
          tags: ['tradespeople'],
          summary: 'A generated avatar (DiceBear), the same for the same id',
          params: z.object({ id: z.string().max(100) }),
        },
      },
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
