import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminDisputeListResponse,
  AdminDisputeResponse,
  AdminDisputesQuery,
  DisputeListResponse,
  DisputeMessageBody,
  DisputeResponse,
  EvidenceTextBody,
  RaiseDisputeBody,
  ResolveDisputeBody,
  RespondBody,
} from '../../../domain/disputes/api';
import { DISPUTE_MESSAGES, DISPUTE_RULES } from '../../../domain/disputes/messages';
import { AppError } from '../../lib/app-error';
import { openApiDoc } from '../../lib/route-docs';
import { adminOnly, requireAdmin, requireUser } from '../../plugins/auth-context';
import { readUpload } from '../profiles';
import {
  addPhotoEvidence,
  addTextEvidence,
  evidencePhoto,
  getDispute,
  myDisputes,
  postDisputeMessage,
  raiseDispute,
  respondToDispute,
} from './disputes.service';
import { adminDispute, adminDisputeQueue, type ResolutionDeps, resolveDispute } from './resolution.service';

const doc = openApiDoc('disputes');
const adminDoc = openApiDoc('admin');

const IdParams = z.object({ id: z.uuid() });

/** Disputes (docs/api/disputes.md): raising, the case file both parties share, and the admin's decision. */
export const disputeRoutes =
  (deps: ResolutionDeps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart);
    caseRoutes(app, deps);
    evidenceRoutes(app, deps);
    adminDisputeRoutes(app, deps);
  };

type App = Parameters<FastifyPluginAsyncZod>[0];

// The spec's own words for a signed-out attempt at raising a dispute, before the body is looked at.
const signedInFirst = async (request: FastifyRequest) => {
  if (!request.auth) throw new AppError(401, 'unauthenticated', DISPUTE_MESSAGES.signInRequired);
};

/** Raising a dispute, the parties' case file, the response and the thread. */
function caseRoutes(app: App, deps: ResolutionDeps): void {
  app.post(
    '/disputes',
    doc(
      'Raise a dispute on a booking: it becomes disputed and its held money is frozen',
      { body: RaiseDisputeBody, response: { 201: DisputeResponse } },
      { preValidation: signedInFirst },
    ),
    async (request, reply) =>
      reply.status(201).send({ dispute: await raiseDispute(deps, requireUser(request), request.body) }),
  );

  app.get(
    '/disputes',
    doc('Disputes on my bookings, raised by me or by the other party, newest first', {
      response: { 200: DisputeListResponse },
    }),
    async (request) => ({ disputes: await myDisputes(deps, requireUser(request)) }),
  );

  app.get(
    '/disputes/:id',
    doc("A dispute's case file for its parties and admins", {
      params: IdParams,
      response: { 200: DisputeResponse },
    }),
    async (request) => ({ dispute: await getDispute(deps, requireUser(request), request.params.id) }),
  );

  app.post(
    '/disputes/:id/response',
    doc("The other party's one response, within 7 days; the dispute then goes to review", {
      params: IdParams,
      body: RespondBody,
      response: { 200: DisputeResponse },
    }),
    async (request) => ({
      dispute: await respondToDispute(deps, requireUser(request), request.params.id, request.body),
    }),
  );

  app.post(
    '/disputes/:id/messages',
    doc("A message in the dispute's thread (parties and admins, until it is resolved)", {
      params: IdParams,
      body: DisputeMessageBody,
      response: { 201: DisputeResponse },
    }),
    async (request, reply) =>
      reply.status(201).send({
        dispute: await postDisputeMessage(deps, requireUser(request), request.params.id, request.body),
      }),
  );
}

/** Written and photo evidence, and the photos themselves. */
function evidenceRoutes(app: App, deps: ResolutionDeps): void {
  app.post(
    '/disputes/:id/evidence',
    doc('Written evidence (a statement), until the dispute is resolved', {
      params: IdParams,
      body: EvidenceTextBody,
      response: { 201: DisputeResponse },
    }),
    async (request, reply) =>
      reply.status(201).send({
        dispute: await addTextEvidence(deps, requireUser(request), request.params.id, request.body),
      }),
  );

  app.post(
    '/disputes/:id/evidence/photos',
    doc('A photo as evidence (multipart: file, JPEG, PNG or WebP up to 10 MB; caption optional)', {
      consumes: ['multipart/form-data'],
      params: IdParams,
      response: { 201: DisputeResponse },
    }),
    async (request, reply) => {
      const auth = requireUser(request);
      const upload = await readUpload(request, {
        maxBytes: DISPUTE_RULES.photoMaxBytes,
        fields: ['caption'],
        messages: { tooBig: DISPUTE_MESSAGES.photoTooBig, missing: DISPUTE_MESSAGES.photoMissing },
      });
      const dispute = await addPhotoEvidence(deps, auth, request.params.id, {
        bytes: upload.bytes,
        caption: upload.fields.caption,
      });
      return reply.status(201).send({ dispute });
    },
  );

  app.get(
    '/disputes/:id/evidence/:evidenceId/photo',
    doc("An evidence photo (re-encoded WebP), to the dispute's parties and admins only", {
      params: z.object({ id: z.uuid(), evidenceId: z.uuid() }),
    }),
    async (request, reply) => {
      const file = await evidencePhoto(
        deps,
        requireUser(request),
        request.params.id,
        request.params.evidenceId,
      );
      reply
        .type('image/webp')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=3600');
      if (file.size !== undefined) reply.header('content-length', file.size);
      return reply.send(file.body);
    },
  );
}

/** The admins' queue, case file and decision. */
function adminDisputeRoutes(app: App, deps: ResolutionDeps): void {
  app.get(
    '/admin/disputes',
    adminDoc(
      'The disputes queue: unresolved oldest first, or the latest resolved (admins)',
      { querystring: AdminDisputesQuery, response: { 200: AdminDisputeListResponse } },
      { preValidation: adminOnly },
    ),
    async (request) => ({ disputes: await adminDisputeQueue(deps, request.query.status) }),
  );

  app.get(
    '/admin/disputes/:id',
    adminDoc(
      "A dispute's case file: booking, conversation, payments, money, evidence, thread (admins)",
      { params: IdParams, response: { 200: AdminDisputeResponse } },
      { preValidation: adminOnly },
    ),
    async (request) => ({ dispute: await adminDispute(deps, requireAdmin(request), request.params.id) }),
  );

  app.post(
    '/admin/disputes/:id/resolve',
    adminDoc(
      'Resolve: release to the tradesperson, refund the customer, or split what is held (admins, audited)',
      { params: IdParams, body: ResolveDisputeBody, response: { 200: AdminDisputeResponse } },
      { preValidation: adminOnly },
    ),
    async (request) => ({
      dispute: await resolveDispute(deps, requireAdmin(request), request.params.id, request.body, request.ip),
    }),
  );
}
