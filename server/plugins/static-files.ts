import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { acceptedEncodings } from '../lib/accept-encoding';

/** One file of the web build, held in memory with the compressed copies made at build time. */
export interface StaticFile {
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  type: string;
  /** Weak: the same for every encoding of the same bytes (RFC 9110 8.8.3.3). */
  etag: string;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.map': 'application/json',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
};

export function etagOf(body: Buffer | string): string {
  return `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** A file's bytes with its `.br` and `.gz` siblings when the build wrote them (scripts/web-build.mjs). */
export function loadStaticFile(file: string): StaticFile {
  const body = readFileSync(file);
  const sibling = (ext: string) => (existsSync(file + ext) ? readFileSync(file + ext) : undefined);
  return {
    body,
    br: sibling('.br'),
    gzip: sibling('.gz'),
    type: TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
    etag: etagOf(body),
  };
}

/**
 * A file of the build, read on its first request and then held in memory with its compressed copies,
 * so a request for it costs a lookup and no file-system call. Reading all ~400 of them (11 MB with the
 * source maps, hashing each for its ETag) at every start cost ~90-100 ms before the first request, and
 * the memory of files a given run never serves: source maps, the PDF worker, most pages' chunks.
 */
export class BuildFile {
  private loaded: StaticFile | null | undefined;

  constructor(readonly file: string) {}

  /** Its bytes, or null when it has gone since the start (a new build removed it): a 404, not a 500. */
  read(): StaticFile | null {
    if (this.loaded === undefined) {
      try {
        this.loaded = loadStaticFile(this.file);
      } catch {
        // Not remembered: a file that comes back (a build being written) is served once it is whole.
        return null;
      }
    }
    return this.loaded;
  }
}

/** Every file of the build by its URL path (`/assets/index-abc.js`); the compressed copies are chosen by Accept-Encoding. */
export function loadBuild(distDir: string): Map<string, BuildFile> {
  const files = new Map<string, BuildFile>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (!/\.(?:br|gz)$/.test(entry.name)) {
        files.set(`/${path.relative(distDir, full).split(path.sep).join('/')}`, new BuildFile(full));
      }
    }
  };
  walk(distDir);
  return files;
}

/** Whether If-None-Match names this ETag (weak comparison, as for GET; `*` matches anything). */
export function notModified(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare);
}

// What a 304 keeps (RFC 9110 15.4.5: the fields a 200 would have that guide the cache's update). The
// client keeps the stored copy's other headers, its security headers included, so resending them is
// ~1 KB of nothing per revalidation: they halved the 304's rate (bench/README.md).
const KEPT_ON_304 = new Set([
  'cache-control',
  'content-location',
  'date',
  'etag',
  'expires',
  'vary',
  'strict-transport-security',
  'x-request-id',
]);

function sendNotModified(reply: FastifyReply, etag: string): FastifyReply {
  for (const name of Object.keys(reply.getHeaders())) if (!KEPT_ON_304.has(name)) reply.removeHeader(name);
  return reply.code(304).header('etag', etag).send();
}

/**
 * Sends a file (or a page held like one): 304 when the client has it, otherwise the best encoding it
 * accepts. Headers other than the body's (cache-control, vary) are the caller's.
 */
export function sendStatic(request: FastifyRequest, reply: FastifyReply, file: StaticFile): FastifyReply {
  if (notModified(request, file.etag)) return sendNotModified(reply, file.etag);
  reply.header('etag', file.etag).type(file.type);
  if (file.br || file.gzip) {
    const accepts = acceptedEncodings(request.headers['accept-encoding']);
    if (file.br && accepts.br) return reply.header('content-encoding', 'br').send(file.br);
    if (file.gzip && accepts.gzip) return reply.header('content-encoding', 'gzip').send(file.gzip);
  }
  // No copy made at build (or none accepted): the compression plugin decides, as for any route.
  return reply.send(file.body);
}
