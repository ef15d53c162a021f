import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LocationQuery, LocationView, PostcodeView, VisitorLocationView } from '../../../domain/geo/api';
import { locateIp, UNKNOWN_LOCATION } from '../../adapters/geo/ip-location';
import { getGeoDirectory } from '../../adapters/geo/uk-geography';
import { AppError } from '../../lib/app-error';
import { openApiDoc } from '../../lib/route-docs';
import { NO_SESSION } from '../../plugins/openapi';

const doc = openApiDoc('geo');

/** Postcode checks and place lookups for forms and search, answered from memory. */
export const geoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/geo/postcodes/:postcode',
    doc('Validate and locate a UK postcode (sector centroid, else district)', {
      security: NO_SESSION,
      params: z.object({ postcode: z.string().max(64) }),
      response: { 200: PostcodeView },
    }),
    async (request) => {
      const result = getGeoDirectory().geocodePostcode(request.params.postcode);
      if (!result.ok) {
        if (result.reason === 'invalid')
          throw AppError.validation(result.message, [{ field: 'postcode', message: result.message }]);
        throw AppError.notFound(result.message);
      }
      const { postcode, outcode, place, country, precision, lat, lng } = result;
      return { postcode, outcode, place, country, precision, lat, lng };
    },
  );

  app.get(
    '/geo/locations',
    doc('Resolve a postcode, district or town name to a point', {
      security: NO_SESSION,
      querystring: LocationQuery,
      response: { 200: LocationView },
    }),
    async (request) => {
      const result = getGeoDirectory().resolveLocation(request.query.q);
      if (!result.ok) {
        if (result.reason === 'invalid') throw AppError.validation(result.message);
        throw AppError.notFound(result.message);
      }
      const { kind, label, place, country, precision, lat, lng } = result;
      return { kind, label, place, country, precision, lat, lng };
    },
  );

  app.get(
    '/geo/visitor',
    doc("The visitor's town and nearest postcode district, from their IP address (UK only)", {
      security: NO_SESSION,
      description:
        'From the bundled geoip-lite database: no third party is asked. Both null outside the UK, for ' +
        'private and unknown addresses, and on any failure; it never answers an error.',
      response: { 200: VisitorLocationView },
    }),
    async (request, reply) => {
      // Per visitor, and an IP address rarely moves town within the hour.
      reply.header('cache-control', 'private, max-age=3600');
      try {
        // request.ip is the client's address, taken from X-Forwarded-For only when TRUST_PROXY is on.
        return await locateIp(request.ip);
      } catch (err) {
        // The page falls back to 'your area' (spec section 8: IP lookup failures are silent).
        request.log.debug({ err }, 'visitor location lookup failed');
        return { ...UNKNOWN_LOCATION };
      }
    },
  );
};
