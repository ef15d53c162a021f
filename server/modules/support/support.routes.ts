import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminSupportConversationView,
  AssignBody,
  CannedRepliesResponse,
  CannedReplyBody,
  CannedReplyView,
  ConvertToDisputeBody,
  ConvertToDisputeResponse,
  GuestSupportBody,
  GuestSupportResponse,
  HandoverBody,
  InboxQuery,
  InboxResponse,
  OpenSupportBody,
  StaffMessageBody,
  StaffMessageView,
  SupportConversationsResponse,
  SupportConversationView,
  SupportMessageBody,
  SupportMessageView,
  SupportMetricsResponse,
} from '../../../domain/support/api';
import { SUPPORT_MESSAGES as M } from '../../../domain/support/messages';
import { openApiDoc } from '../../lib/route-docs';
import { adminOnly, requireAdmin, requireUser } from '../../plugins/auth-context';
import { NO_SESSION } from '../../plugins/openapi';
import {
  adminCloseOrReopen,
  adminConversation,
  assign,
  convertToDispute,
  createCanned,
  editCanned,
  inbox,
  listCanned,
  metrics,
  removeCanned,
  staffMessage,
  staffRead,
} from './inbox.service';
import {
  closeOrReopen,
  getConversation,
  guestMessage,
  handOver,
  listConversations,
  openConversation,
  postMessage,
  readConversation,
  type SupportDeps,
} from './support.service';

const doc = openApiDoc('support');
const adminDoc = openApiDoc('admin');

const IdParams = z.object({ id: z.uuid() });
/** Writes that change nothing a session carries (decision 0008). */
const unchanged = { config: { sessionUnchanged: true } };
/** The guest form's own limit per address, on top of the API's general one and the per-email rule. */
export const GUEST_FORM_PER_HOUR = 20;

type App = Parameters<FastifyPluginAsyncZod>[0];

/** The person's side (docs/api/support.md): /support/conversations, /support/handover, /support/guest. */
export const supportConversationRoutes =
  (deps: SupportDeps): FastifyPluginAsyncZod =>
  async (app) => {
    conversationRoutes(app, deps);
    changeRoutes(app, deps);

    app.post(
      '/support/handover',
      doc(
        "'Talk to support' from the assistant: opens (or writes into) the person's conversation with the transcript, shared with their consent",
        { body: HandoverBody, response: { 201: SupportConversationView } },
        unchanged,
      ),
      async (request, reply) =>
        reply.status(201).send(await handOver(deps, requireUser(request), request.body)),
    );

    app.post(
      '/support/guest',
      doc(
        "A guest's message to support, answered by email (no session; rate-limited and spam-checked)",
        { security: NO_SESSION, body: GuestSupportBody, response: { 202: GuestSupportResponse } },
        {
          config: {
            sessionUnchanged: true,
            rateLimit: {
              max: GUEST_FORM_PER_HOUR,
              timeWindow: 3_600_000,
              keyGenerator: (request: { ip?: string }) =>
                `support-guest:${request.ip ? normalizeIP(request.ip) : 'client-gone'}`,
            },
          },
        },
      ),
      async (request, reply) => {
        await guestMessage(deps, request.body);
        return reply.status(202).send({ message: M.guestSent });
      },
    );
  };

function conversationRoutes(app: App, deps: SupportDeps): void {
  app.get(
    '/support/conversations',
    doc("The person's support conversations, most recently active first", {
      response: { 200: SupportConversationsResponse },
    }),
    async (request) => ({ conversations: await listConversations(deps, requireUser(request)) }),
  );

  app.post(
    '/support/conversations',
    doc(
      'Open a support conversation, or write into the one already open (one open per person)',
      { body: OpenSupportBody, response: { 201: SupportConversationView } },
      unchanged,
    ),
    async (request, reply) =>
      reply.status(201).send(await openConversation(deps, requireUser(request), request.body)),
  );

  app.get(
    '/support/conversations/:id',
    doc('One of the person’s support conversations with its messages (never internal notes)', {
      params: IdParams,
      response: { 200: SupportConversationView },
    }),
    async (request) => getConversation(deps, requireUser(request), request.params.id),
  );

  app.post(
    '/support/conversations/:id/messages',
    doc(
      'Write to support in an open or waiting conversation',
      { params: IdParams, body: SupportMessageBody, response: { 201: SupportMessageView } },
      unchanged,
    ),
    async (request, reply) =>
      reply.status(201).send(await postMessage(deps, requireUser(request), request.params.id, request.body)),
  );

  app.post(
    '/support/conversations/:id/read',
    doc("Mark support's replies read", { params: IdParams }, unchanged),
    async (request, reply) => {
      await readConversation(deps, requireUser(request), request.params.id);
      return reply.status(204).send();
    },
  );
}

function changeRoutes(app: App, deps: SupportDeps): void {
  for (const [action, closed] of [
    ['close', true],
    ['reopen', false],
  ] as const) {
    app.post(
      `/support/conversations/:id/${action}`,
      doc(
        closed ? 'Close the conversation (audited)' : 'Reopen a closed conversation (audited)',
        { params: IdParams, response: { 200: SupportConversationView } },
        unchanged,
      ),
      async (request) => closeOrReopen(deps, requireUser(request), request.params.id, closed),
    );
  }
}

/** The support team's side (docs/api/support.md): /admin/support…, admins only (others 404). */
export const supportInboxRoutes =
  (deps: SupportDeps): FastifyPluginAsyncZod =>
  async (app) => {
    inboxRoutes(app, deps);
    inboxActionRoutes(app, deps);
    cannedRoutes(app, deps);
  };

const admin = { preValidation: adminOnly };
const adminWrite = { preValidation: adminOnly, ...unchanged };

function inboxRoutes(app: App, deps: SupportDeps): void {
  app.get(
    '/admin/support',
    adminDoc(
      'The support inbox: unassigned, mine, waiting for the person or closed, with counts (admins)',
      { querystring: InboxQuery, response: { 200: InboxResponse } },
      admin,
    ),
    async (request) => inbox(deps, requireAdmin(request), request.query),
  );

  app.get(
    '/admin/support/metrics',
    adminDoc(
      'Weekly first-response and resolution times (admins)',
      {
        querystring: z.object({ weeks: z.coerce.number().int().min(1).max(53).default(12) }),
        response: { 200: SupportMetricsResponse },
      },
      admin,
    ),
    async (request) => metrics(deps, request.query.weeks),
  );

  app.get(
    '/admin/support/:id',
    adminDoc(
      'A support conversation with its notes, transcript and the person’s links (admins)',
      { params: IdParams, response: { 200: AdminSupportConversationView } },
      admin,
    ),
    async (request) => adminConversation(deps, request.params.id),
  );

  app.post(
    '/admin/support/:id/messages',
    adminDoc(
      'A reply to the person, or an internal note they never see (admins)',
      { params: IdParams, body: StaffMessageBody, response: { 201: StaffMessageView } },
      adminWrite,
    ),
    async (request, reply) =>
      reply
        .status(201)
        .send(await staffMessage(deps, requireAdmin(request), request.params.id, request.body)),
  );

  app.post(
    '/admin/support/:id/read',
    adminDoc("Mark the person's messages read (admins)", { params: IdParams }, adminWrite),
    async (request, reply) => {
      await staffRead(deps, request.params.id);
      return reply.status(204).send();
    },
  );
}

function inboxActionRoutes(app: App, deps: SupportDeps): void {
  app.post(
    '/admin/support/:id/assign',
    adminDoc(
      'Assign to an admin (by default the one asking), or to nobody with null (admins)',
      { params: IdParams, body: AssignBody, response: { 200: AdminSupportConversationView } },
      adminWrite,
    ),
    async (request) => assign(deps, requireAdmin(request), request.params.id, request.body ?? {}),
  );

  for (const [action, closed] of [
    ['close', true],
    ['reopen', false],
  ] as const) {
    app.post(
      `/admin/support/:id/${action}`,
      adminDoc(
        closed ? 'Close the conversation (admins, audited)' : 'Reopen the conversation (admins, audited)',
        { params: IdParams, response: { 200: AdminSupportConversationView } },
        adminWrite,
      ),
      async (request) => adminCloseOrReopen(deps, requireAdmin(request), request.params.id, closed),
    );
  }

  app.post(
    '/admin/support/:id/dispute',
    adminDoc(
      'Turn the conversation into a dispute the person raises about one of their bookings (admins)',
      { params: IdParams, body: ConvertToDisputeBody, response: { 201: ConvertToDisputeResponse } },
      adminWrite,
    ),
    async (request, reply) =>
      reply.status(201).send(await convertToDispute(deps, request.params.id, request.body)),
  );
}

function cannedRoutes(app: App, deps: SupportDeps): void {
  app.get(
    '/admin/support/canned',
    adminDoc('Canned replies, by title (admins)', { response: { 200: CannedRepliesResponse } }, admin),
    async () => ({ replies: await listCanned(deps) }),
  );

  app.post(
    '/admin/support/canned',
    adminDoc(
      'Add a canned reply; titles are unique whatever their case (admins)',
      { body: CannedReplyBody, response: { 201: CannedReplyView } },
      adminWrite,
    ),
    async (request, reply) =>
      reply.status(201).send(await createCanned(deps, requireAdmin(request), request.body)),
  );

  app.patch(
    '/admin/support/canned/:id',
    adminDoc(
      'Edit a canned reply (admins)',
      { params: IdParams, body: CannedReplyBody, response: { 200: CannedReplyView } },
      adminWrite,
    ),
    async (request) => editCanned(deps, request.params.id, request.body),
  );

  app.delete(
    '/admin/support/canned/:id',
    adminDoc('Delete a canned reply (admins)', { params: IdParams }, adminWrite),
    async (request, reply) => {
      await removeCanned(deps, request.params.id);
      return reply.status(204).send();
    },
  );
}
