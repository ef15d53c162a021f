import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { acceptedEncodings } from './accept-encoding';

// Smaller answers go as they are, as the compression plugin leaves them (server/app.ts).
const COMPRESS_FROM = 1024;

/**
 * An API answer that every visitor shares (kept in SharedPages, decision 0020): the value, and its
 * JSON and compressed bytes, each made by the first request that needs it and kept with it, as a
 * shared rendered page keeps its own (plugins/web-app.ts). Serialised and compressed again for each
 * request, a visitor's page of search results spent about a third of the server's thread on it
 * (bench/README.md, issue 40). Kept once and sent many times, brotli 5 is worth its few milliseconds.
 */
export class SharedAnswer<T> {
  private json: Buffer | undefined;
  private br: Buffer | undefined;
  private gzip: Buffer | undefined;

  constructor(readonly value: T) {}

  /** Sends the kept bytes in the encoding the request accepts, serialised by the route's schema. */
  send(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    if (!this.json) {
      const serialize = reply.getSerializationFunction('200') ?? JSON.stringify;
      this.json = Buffer.from(serialize(this.value as Record<string, unknown>));
    }
    reply.type('application/json; charset=utf-8');
    if (this.json.length < COMPRESS_FROM) return reply.send(this.json);
    const vary = reply.getHeader('vary');
    reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    const accepts = acceptedEncodings(request.headers['accept-encoding']);
    if (accepts.br) {
      this.br ??= brotliCompressSync(this.json, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
      return reply.header('content-encoding', 'br').send(this.br);
    }
    if (accepts.gzip) {
      this.gzip ??= gzipSync(this.json, { level: 6 });
      return reply.header('content-encoding', 'gzip').send(this.gzip);
    }
    return reply.send(this.json);
  }
}
