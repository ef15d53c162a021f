import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ConversationResponse,
  ConversationsPage,
  ConversationsQuery,
  MessageResponse,
  MessagesPage,
  MessagesQuery,
  ReadCount,
  UnreadCount,
} from '../../../domain/messaging/api';
import { SendMessageBody, StartConversationBody } from '../../../domain/messaging/schemas';
import { openApiDoc } from '../../lib/route-docs';
import { requireUser } from '../../plugins/auth-context';
import {
  countUnread,
  getConversation,
  listConversations,
  listMessages,
  type MessagingDeps,
  readConversation,
  sendMessage,
  startConversation,
} from './messaging.service';

const doc = openApiDoc('messaging');

const ConversationParams = z.object({ id: z.uuid() });

export const messagingRoutes =
  (deps: MessagingDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/conversations',
      doc(
        'Find the conversation with a user, or start it about a job that allows it',
        {
          body: StartConversationBody,
          response: { 200: ConversationResponse, 201: ConversationResponse },
        },
        { config: { sessionUnchanged: true } },
      ),
      async (request, reply) => {
        const { conversation, created } = await startConversation(deps, requireUser(request), request.body);
        return reply.status(created ? 201 : 200).send({ conversation });
      },
    );

    app.get(
      '/conversations',
      doc("The user's conversations, newest activity first", {
        querystring: ConversationsQuery,
        response: { 200: ConversationsPage },
      }),
      async (request) => listConversations(deps, requireUser(request), request.query.cursor),
    );

    app.get(
      '/conversations/unread',
      doc('Unread messages over all the user’s conversations', { response: { 200: UnreadCount } }),
      async (request) => ({ unread: await countUnread(deps, requireUser(request)) }),
    );

    app.get(
      '/conversations/:id',
      doc('One conversation', { params: ConversationParams, response: { 200: ConversationResponse } }),
      async (request) => ({
        conversation: await getConversation(deps, requireUser(request), request.params.id),
      }),
    );

    app.get(
      '/conversations/:id/messages',
      doc('Messages of a conversation, newest first, a page at a time', {
        params: ConversationParams,
        querystring: MessagesQuery,
        response: { 200: MessagesPage },
      }),
      async (request) => listMessages(deps, requireUser(request), request.params.id, request.query),
    );

    app.post(
      '/conversations/:id/messages',
      doc(
        'Send a message',
        { params: ConversationParams, body: SendMessageBody, response: { 201: MessageResponse } },
        { config: { sessionUnchanged: true } },
      ),
      async (request, reply) =>
        reply.status(201).send({
          message: await sendMessage(deps, requireUser(request), request.params.id, request.body.content),
        }),
    );

    app.post(
      '/conversations/:id/read',
      doc(
        "Mark the other side's messages read",
        { params: ConversationParams, response: { 200: ReadCount } },
        { config: { sessionUnchanged: true } },
      ),
      async (request) => ({ read: await readConversation(deps, requireUser(request), request.params.id) }),
    );
  };
