import { Readable } from 'node:stream';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AssistantBody, AssistantReply, EnhanceBody, EnhanceResponse } from '../../../domain/assistant/api';
import { offersHandover } from '../../../domain/assistant/handover';
import { ASSISTANT_TEXTS } from '../../../domain/assistant/messages';
import type { AiConfig } from '../../config/config';
import { AppError } from '../../lib/app-error';
import { openApiDoc } from '../../lib/route-docs';
import { SESSION_OPTIONAL } from '../../plugins/openapi';
import { type AssistantDeps, assistantReply, collectReply, enhanceDescription } from './assistant.service';

const doc = openApiDoc('assistant');

// The assistant's routes (docs/api/assistant.md): ai-assistant, streamed or whole, and
// enhance-job-description. Open to guests; rate-limited per user (guests: per address) and per address.
// Nothing here logs what was asked or answered.

const ipOf = (request: FastifyRequest) => (request.ip ? normalizeIP(request.ip) : 'client-gone');

/** An abort signal that fires when the client goes away, so a model stops writing for nobody. */
function closedSignal(request: FastifyRequest): AbortSignal {
  const controller = new AbortController();
  request.raw.on('close', () => {
    if (!request.raw.complete || request.raw.destroyed) controller.abort();
  });
  request.raw.socket?.on('close', () => controller.abort());
  return controller.signal;
}

const sse = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

export const assistantRoutes =
  (
    deps: AssistantDeps,
    limits: Pick<AiConfig, 'rateLimitPerUser' | 'rateLimitPerIp'>,
  ): FastifyPluginAsyncZod =>
  async (app) => {
    // Per user (guests: per address) and per address (many accounts behind one address), checked after
    // the session is read, on top of the API's general limit. Both are counted on every request.
    const limiters = [
      app.createRateLimit({
        max: limits.rateLimitPerIp,
        timeWindow: 60_000,
        keyGenerator: (request) => `ai-ip:${ipOf(request)}`,
      }),
      app.createRateLimit({
        max: limits.rateLimitPerUser,
        timeWindow: 60_000,
        keyGenerator: (request) =>
          request.auth ? `ai-user:${request.auth.user.id}` : `ai-guest:${ipOf(request)}`,
      }),
    ];
    const limited = async (request: FastifyRequest) => {
      for (const limit of limiters) {
        const result = await limit(request);
        if (!result.isAllowed && result.isExceeded)
          throw new AppError(429, 'rate_limited', ASSISTANT_TEXTS.tooMany, undefined, result.ttlInSeconds);
      }
    };

    app.post(
      '/assistant/chat',
      doc(
        'ai-assistant: a reply about TradeNest and the asker’s own data; streamed as server-sent events (delta, done, error) when the request accepts text/event-stream',
        { security: SESSION_OPTIONAL, body: AssistantBody, response: { 200: AssistantReply } },
        { preHandler: limited },
      ),
      async (request, reply) => {
        const signal = closedSignal(request);
        const chunks = assistantReply(deps, request.auth, request.body, signal);
        if (!(request.headers.accept ?? '').includes('text/event-stream')) {
          const whole = await collectReply(chunks);
          const message = whole.message || ASSISTANT_TEXTS.noMessage;
          return { ...whole, message, offerHandover: offersHandover(request.body.message, message) };
        }
        const events = async function* () {
          let message = '';
          const links: AssistantReply['links'] = [];
          try {
            for await (const chunk of chunks) {
              if (chunk.type === 'text') {
                message += chunk.text;
                yield sse('delta', { text: chunk.text });
              } else if (!links.some((l) => l.path === chunk.link.path)) links.push(chunk.link);
            }
            const whole = message || ASSISTANT_TEXTS.noMessage;
            yield sse('done', {
              message: whole,
              links,
              offerHandover: offersHandover(request.body.message, whole),
            });
          } catch (error) {
            if (signal.aborted) return;
            request.log.error({ err: error }, 'assistant reply failed');
            // A failed reply is one the assistant could not help with: support can.
            yield sse('error', { message: ASSISTANT_TEXTS.error, offerHandover: true });
          }
        };
        reply
          .header('content-type', 'text/event-stream; charset=utf-8')
          .header('cache-control', 'no-cache, no-transform')
          // Reverse proxies (nginx) would otherwise hold the reply back in their buffers.
          .header('x-accel-buffering', 'no');
        // A stream is sent as it is, past the response schema (which describes the JSON reply).
        return reply.send(Readable.from(events()) as never);
      },
    );

    app.post(
      '/assistant/enhance-job-description',
      doc(
        'enhance-job-description: a clearer job description with no facts added',
        { security: SESSION_OPTIONAL, body: EnhanceBody, response: { 200: EnhanceResponse } },
        { preHandler: limited },
      ),
      async (request) => {
        const { description, questions } = await enhanceDescription(
          deps,
          { description: request.body.description, category: request.body.category },
          closedSignal(request),
        );
        return { enhanced: description, questions };
      },
    );
  };
