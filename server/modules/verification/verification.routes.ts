import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DocumentDecisionBody,
  DocumentDecisionResponse,
  VerificationQueueQuery,
  VerificationQueueResponse,
} from '../../../domain/admin/api';
import { openApiDoc } from '../../lib/route-docs';
import type { SharedPages } from '../../lib/shared-pages';
import { adminOnly, requireAdmin } from '../../plugins/auth-context';
import { decideDocument, sharedVerificationQueue, type VerificationDeps } from './verification.service';

const doc = openApiDoc('admin');

const IdParams = z.object({ id: z.uuid() });

/**
 * The admin's verification queue and document decisions (docs/api/verification.md): 404 to anyone
 * who is not an admin, before anything is read, as everywhere in the admin console.
 */
export const verificationQueueRoutes =
  (deps: VerificationDeps & { adminReads: SharedPages<unknown> }): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preValidation', adminOnly);

    app.get(
      '/admin/verifications',
      doc('Documents waiting for review (oldest first), or the latest decisions', {
        querystring: VerificationQueueQuery,
        response: { 200: VerificationQueueResponse },
      }),
      async (request) => sharedVerificationQueue(deps, request.query.status),
    );

    app.post(
      '/admin/documents/:id/decision',
      doc('Approve or reject a verification document, on the version the admin read', {
        params: IdParams,
        body: DocumentDecisionBody,
        response: { 200: DocumentDecisionResponse },
      }),
      async (request) =>
        decideDocument(deps, requireAdmin(request), request.params.id, request.body, request.ip),
    );
  };
