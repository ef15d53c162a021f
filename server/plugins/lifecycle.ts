import type { FastifyInstance } from 'fastify';
import type { ErrorEnvelope } from '../../domain/errors';

/**
 * Where this instance is in a graceful stop (docs/operations/balancer.md):
 * - serving;
 * - draining: after SIGTERM/SIGINT readiness answers 503, so a balancer stops sending requests here,
 *   while every request that still comes is served as usual;
 * - closing: the port is closed; responses still being made tell their clients to close the
 *   connection, and a request that still arrives on an open connection is refused with 503.
 */
export class Lifecycle {
  state: 'serving' | 'draining' | 'closing' = 'serving';

  /** Readiness fails from now on; nothing else changes. */
  drain(): void {
    if (this.state === 'serving') this.state = 'draining';
  }
}

const LATE: ErrorEnvelope = {
  error: { code: 'shutting_down', message: 'This server is restarting. Please try again.' },
};

/**
 * The answers of a closing instance. Fastify's own answer to a request that comes while it closes is
 * a 503 with a body of its own shape, so it is turned off (`return503OnClosing: false` in app.ts) and
 * the API's envelope is sent here instead.
 */
export function registerLifecycle(app: FastifyInstance): Lifecycle {
  const lifecycle = new Lifecycle();
  // Fastify runs preClose before it closes the port (and before the event streams end, which were
  // registered later).
  app.addHook('preClose', async () => {
    lifecycle.state = 'closing';
    // An answer whose headers left before this (a file still downloading) keeps its connection alive,
    // and the server would wait for its idle timeout; Node reads this when such an answer ends, so the
    // connection closes about a second after it instead.
    app.server.keepAliveTimeout = 1;
  });
  app.addHook('onRequest', (_request, reply, done) => {
    if (lifecycle.state !== 'closing') return done();
    reply.code(503).header('connection', 'close').header('retry-after', '1').send(LATE);
  });
  // A request in flight when the port closed: its answer closes the connection, so the client does not
  // send the next request into a socket about to go away, and the server is not kept open by it (an
  // idle keep-alive connection would hold the close for its whole timeout).
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (lifecycle.state === 'closing') reply.header('connection', 'close');
    done(null, payload);
  });
  return lifecycle;
}
