import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TradespersonList } from '../../../domain/discovery/api';
import { openApiDoc } from '../../lib/route-docs';
import { requireUser } from '../../plugins/auth-context';
import { listSaved, save, unsave } from './saved-pros.service';
import type { DiscoveryDeps } from './tradespeople.service';

const doc = openApiDoc('saved-pros');

const Params = z.object({ tradespersonId: z.uuid() });

/** A customer's Saved Professionals (docs/api/discovery.md). */
export const savedProRoutes =
  (deps: DiscoveryDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/saved-pros',
      doc("The customer's saved professionals, most recently saved first", {
        response: { 200: TradespersonList },
      }),
      async (request) => ({ tradespeople: await listSaved(deps, requireUser(request)) }),
    );

    app.put(
      '/saved-pros/:tradespersonId',
      doc('Save a professional (idempotent)', { params: Params }),
      async (request, reply) => {
        await save(deps, requireUser(request), request.params.tradespersonId);
        return reply.status(204).send();
      },
    );

    app.delete(
      '/saved-pros/:tradespersonId',
      doc('Remove a saved professional (idempotent)', { params: Params }),
      async (request, reply) => {
        await unsave(deps, requireUser(request), request.params.tradespersonId);
        return reply.status(204).send();
      },
    );
  };
