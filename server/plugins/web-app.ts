import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorEnvelope } from '../../domain/errors';

const IMMUTABLE = 'public, max-age=31536000, immutable';

// The compression plugin hooks into routes, and the pages below are served by the not-found handler,
// which is not a route: they are compressed here. The shells never change while the process runs, so
// each is compressed once; pages with their own head tags (public profiles) are small and vary.
const compressed = new Map<string, { br: Buffer; gzip: Buffer }>();

function sendHtml(request: FastifyRequest, reply: FastifyReply, html: string, cacheable: boolean) {
  reply
    .header('cache-control', 'no-cache')
    .type('text/html; charset=utf-8')
    .header('vary', 'Accept, Accept-Encoding, Cookie');
  const accepts = String(request.headers['accept-encoding'] ?? '');
  const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : null;
  if (!encoding) return reply.send(html);
  let bodies = cacheable ? compressed.get(html) : undefined;
  if (!bodies) {
    const raw = Buffer.from(html);
    bodies = {
      br: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: cacheable ? 11 : 5 } }),
      gzip: gzipSync(raw),
    };
    if (cacheable) compressed.set(html, bodies);
  }
  return reply.header('content-encoding', encoding).send(bodies[encoding]);
}

/**
 * Head tags (title, description, social card) for one page, or null to send the plain shell. The tags
 * replace the shell's own title and description; whoever builds them escapes what they interpolate.
 */
export type HeadFor = (pathname: string) => Promise<string | null>;

/** The shell split where page-specific head tags go, with its generic title and description taken out. */
function shellAround(indexHtml: string): { before: string; after: string } | null {
  const at = indexHtml.indexOf('</head>');
  if (at < 0) return null;
  const head = indexHtml
    .slice(0, at)
    .replace(/<title>[\s\S]*?<\/title>\s*/, '')
    .replace(/<meta\s+name="description"[^>]*>\s*/, '')
    .trimEnd();
  return { before: head, after: indexHtml.slice(at) };
}

// A missing file keeps its 404 (a stale asset, a probe for /wp-login.php): only page paths get the app.
const FILE_PATH =
  /\.(?:js|mjs|css|map|json|txt|xml|ico|png|jpe?g|gif|svg|webp|avif|woff2?|ttf|webmanifest|pdf|php|env|zip)$/i;

/**
 * Whether a GET/HEAD that matched no file is asking for a page. Browsers send Accept: text/html, but
 * `curl`, uptime monitors and link-preview bots send none or `*\/*`: they get the page too. Only a
 * client that asks for something else (JSON, an image) gets the JSON 404.
 */
export function isPageRequest(pathname: string, accept: string | undefined): boolean {
  if (pathname.startsWith('/assets/') || FILE_PATH.test(pathname)) return false;
  if (!accept?.trim()) return true;
  return /text\/html|text\/\*|\*\/\*/i.test(accept);
}

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated, and the SPA's
 * index.html for any other page GET or HEAD (see isPageRequest). Unknown /api paths answer a JSON 404. With `headFor`,
 * pages it knows (public profiles) get their own title and link-preview tags in that index.html.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  headFor?: HeadFor,
): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const built = existsSync(indexFile);

  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders(res, filePath) {
        const hashed = filePath.startsWith(path.join(distDir, 'assets') + path.sep);
        res.header('cache-control', hashed ? IMMUTABLE : 'no-cache');
      },
    });
  }

  // Read once: the shell is small and changes only with a new build (and a new process).
  const indexHtml = built ? readFileSync(indexFile, 'utf8') : null;
  // The landing page pre-rendered at build time (web/src/prerender.tsx), for visitors who are not
  // signed in: it paints before the JavaScript arrives. Anyone with a session gets the plain shell,
  // since the app sends them on to /home.
  const landingFile = path.join(distDir, 'landing.html');
  const landingHtml = built && existsSync(landingFile) ? readFileSync(landingFile, 'utf8') : null;
  const shell = indexHtml && headFor ? shellAround(indexHtml) : null;

  /** index.html with this page's head tags; the plain shell when it has none or they fail. */
  async function pageHtml(pathname: string, log: FastifyBaseLogger): Promise<string | null> {
    if (!shell || !headFor) return indexHtml;
    try {
      const head = await headFor(pathname);
      return head ? `${shell.before}\n    ${head}\n  ${shell.after}` : indexHtml;
    } catch (err) {
      // A preview is a nicety: the page itself must still load.
      log.warn({ err }, 'page head tags failed; serving the plain shell');
      return indexHtml;
    }
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    if (
      isApi ||
      (request.method !== 'GET' && request.method !== 'HEAD') ||
      !isPageRequest(pathname, request.headers.accept)
    ) {
      const body: ErrorEnvelope = { error: { code: 'not_found', message: 'Not found' } };
      return reply.status(404).send(body);
    }
    if (!indexHtml) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app has not been built yet. Run `npm run build` (npm start does this for you).');
    }
    if (pathname === '/' && landingHtml) {
      const hasSession = /(?:^|;\s*)(?:__Host-)?tn_session=/.test(request.headers.cookie ?? '');
      if (!hasSession) return sendHtml(request, reply, landingHtml, true);
    }
    // Client-side routes (including the 404 page) are resolved by the SPA itself.
    const html = await pageHtml(pathname, request.log);
    return sendHtml(request, reply, html ?? '', html === indexHtml);
  });
}
