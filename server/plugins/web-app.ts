import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorEnvelope } from '../../domain/errors';
import { acceptedEncodings } from '../lib/accept-encoding';
import type { SharedPages } from '../lib/shared-pages';
import { IN_PROCESS_HEADER, inProcessSecret } from './security';
import {
  type BuildFile,
  etagOf,
  loadBuild,
  loadStaticFile,
  type StaticFile,
  sendStatic,
} from './static-files';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const HTML = 'text/html; charset=utf-8';

/** A page the build wrote (the shell, the landing page), with compressed copies made once if it had none. */
function fixedPage(file: string): StaticFile {
  const page = loadStaticFile(file);
  return {
    ...page,
    br: page.br ?? brotliCompressSync(page.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: page.gzip ?? gzipSync(page.body),
  };
}

/** A page made for one request (a public profile's head tags): small, compressed only as accepted. */
function pageFor(request: FastifyRequest, html: string): StaticFile {
  return compressedAsAccepted(request, {
    body: Buffer.from(html),
    type: HTML,
    etag: etagOf(html),
  });
}

/**
 * How hard a page is compressed: one kept and sent many times (a visitor's shared page) is worth
 * brotli 5; one made for a single viewer (their job's page, ~90 KB with its stylesheet inline) is sent
 * once, and brotli 5 took ~5 ms of the server's thread a page where brotli 1 takes well under one, for
 * a few more kilobytes (bench/README.md, issue 40; API answers are compressed the same way, decision
 * 0034).
 */
type Compression = 'kept' | 'once';
const BROTLI_QUALITY: Record<Compression, number> = { kept: 5, once: 1 };
const GZIP_LEVEL: Record<Compression, number> = { kept: 6, once: 1 };

/** `page` with the compressed copy this request accepts, made (and kept on `page`) if it has none yet. */
function compressedAsAccepted(
  request: FastifyRequest,
  page: StaticFile,
  compression: Compression = 'kept',
): StaticFile {
  const accepts = acceptedEncodings(request.headers['accept-encoding']);
  if (accepts.br) {
    page.br ??= brotliCompressSync(page.body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY[compression] },
    });
  } else if (accepts.gzip) {
    page.gzip ??= gzipSync(page.body, { level: GZIP_LEVEL[compression] });
  }
  return page;
}

// Pages are served by the not-found handler, which the compression plugin does not reach: they carry
// their own compressed copies. They are revalidated on every visit (no-cache), so a new deploy shows
// at once, and a visitor who already has this build's page gets a 304 instead of the page again.
function sendPage(request: FastifyRequest, reply: FastifyReply, page: StaticFile) {
  reply.header('cache-control', 'no-cache').header('vary', 'Accept, Accept-Encoding, Cookie');
  return sendStatic(request, reply, page);
}

/**
 * Head tags (title, description, social card) for one page, or null to send the plain shell. The tags
 * replace the shell's own title and description; whoever builds them escapes what they interpolate.
 */
export type HeadFor = (pathname: string) => Promise<string | null>;

/** What the server-render entry (web/src/server-render.tsx, built into dist/ssr) offers the server. */
interface PageRenderer {
  /** Whether the page at `pathname` is rendered on the server for a visitor with or without a session. */
  rendersOnServer(pathname: string, signedIn: boolean): boolean;
  renderPage(
    url: string,
    transport: (url: string, init: RequestInit) => Promise<Response>,
  ): Promise<{ status: 200 | 404; html: string; state: string }>;
}

/**
 * A page rendered on the server, in its document. Its compressed copies are made on the first request
 * that accepts them and kept with it, so a shared page is compressed once per encoding.
 */
export interface RenderedDocument {
  page: StaticFile;
  status: 200 | 404;
}

const ROOT_MARKER = '<div id="root"></div>';
const SSR_STATE_ID = 'tn-ssr-state';

const hasSession = (request: FastifyRequest) =>
  /(?:^|;\s*)(?:__Host-)?tn_session=/.test(request.headers.cookie ?? '');

/**
 * The page's API requests, answered in-process by the same routes, as the visitor: their cookie and
 * address (so sessions and visibility apply as if the browser had asked). They do not count against the
 * visitor's API rate limit (security.ts): they are the page's, not the visitor's, and a page that used
 * up its visitor's allowance would leave the browser's own requests refused.
 */
function apiAs(app: FastifyInstance, request: FastifyRequest) {
  return async (url: string, init: RequestInit): Promise<Response> => {
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    headers[IN_PROCESS_HEADER] = inProcessSecret;
    if (request.headers.cookie) headers.cookie = request.headers.cookie;
    if (request.headers['user-agent']) headers['user-agent'] = request.headers['user-agent'];
    const res = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url,
      headers,
      remoteAddress: request.ip,
    });
    const type = res.headers['content-type'];
    return new Response(res.statusCode === 204 ? null : new Uint8Array(res.rawPayload), {
      status: res.statusCode,
      headers: typeof type === 'string' ? { 'content-type': type } : {},
    });
  };
}

/**
 * The server render, when the build made one (dist/ssr beside distDir): imported on the first page that
 * needs it rather than at start-up, which it would slow by the whole app's modules.
 */
function serverRenderer(distDir: string): { template: string; load: () => Promise<PageRenderer> } | null {
  const dir = path.join(path.dirname(distDir), 'ssr');
  const entry = path.join(dir, 'server-render.js');
  const templateFile = path.join(dir, 'page.html');
  if (!existsSync(entry) || !existsSync(templateFile)) return null;
  const template = readFileSync(templateFile, 'utf8');
  if (!template.includes(ROOT_MARKER)) return null;
  let loading: Promise<PageRenderer> | undefined;
  const load = () => {
    loading ??= import(pathToFileURL(entry).href) as Promise<PageRenderer>;
    // A failed import is tried again by the next page, not remembered.
    loading.catch(() => {
      loading = undefined;
    });
    return loading;
  };
  return { template, load };
}

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
 * With `sharedPages`, a visitor's server-rendered page (issue 40) is kept per URL and shared between
 * visitors until its owner clears it (app.ts: when what visitors read changes) or it times out.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  headFor?: HeadFor,
  sharedPages?: SharedPages<RenderedDocument>,
): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const built = existsSync(indexFile);

  if (built) registerBuildFiles(app, distDir);

  const indexPage = built ? fixedPage(indexFile) : null;
  // The landing page rendered without data at build time (renderLanding in web/src/server-render.tsx),
  // for visitors who are not signed in when no server render is available (or it failed): it paints
  // before the JavaScript arrives. Anyone with a session gets the plain shell, since the app sends them
  // on to /home.
  const landingFile = path.join(distDir, 'landing.html');
  const landingPage = built && existsSync(landingFile) ? fixedPage(landingFile) : null;
  const shell = indexPage && headFor ? shellAround(indexPage.body.toString('utf8')) : null;
  // The public pages rendered per request with their data (issue 40), in the shell page.html.
  const renderedPage = built ? serverRenderedPages(app, distDir, headFor, sharedPages) : null;

  /** index.html with this page's head tags; the plain shell when it has none or they fail. */
  async function pageHtml(request: FastifyRequest, pathname: string, log: FastifyBaseLogger) {
    if (!shell || !headFor) return indexPage;
    try {
      const head = await headFor(pathname);
      return head ? pageFor(request, `${shell.before}\n    ${head}\n  ${shell.after}`) : indexPage;
    } catch (err) {
      // A preview is a nicety: the page itself must still load.
      log.warn({ err }, 'page head tags failed; serving the plain shell');
      return indexPage;
    }
  }

  // Not async: the landing page and the shell need no waiting, and a handler's promise costs every
  // page load a microtask. Only a page with head tags of its own (a profile) reads the database.
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    if (
      isApi ||
      (request.method !== 'GET' && request.method !== 'HEAD') ||
      !isPageRequest(pathname, request.headers.accept)
    ) {
      const body: ErrorEnvelope = { error: { code: 'not_found', message: 'Not found' } };
      reply.status(404).send(body);
      return;
    }
    if (!indexPage) {
      reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app has not been built yet. Run `npm run build` (npm start does this for you).');
      return;
    }
    if (renderedPage) {
      return renderedPage(request, pathname).then((rendered) => {
        if (rendered) {
          // A page whose data is not there (a job this visitor may not see) is a 404, never a 304.
          if (rendered.status === 404) delete request.headers['if-none-match'];
          reply.status(rendered.status);
          sendPage(request, reply, rendered.page);
          return;
        }
        return sendShell(request, reply, pathname);
      });
    }
    return sendShell(request, reply, pathname);
  });

  /** The landing page built without data for a visitor on /, else the shell with the page's head tags. */
  function sendShell(request: FastifyRequest, reply: FastifyReply, pathname: string) {
    if (!indexPage) return;
    if (pathname === '/' && landingPage && !hasSession(request)) {
      sendPage(request, reply, landingPage);
      return;
    }
    // Client-side routes (including the 404 page) are resolved by the SPA itself.
    if (!shell || !headFor) {
      sendPage(request, reply, indexPage);
      return;
    }
    return pageHtml(request, pathname, request.log).then((page) => {
      sendPage(request, reply, page ?? indexPage);
    });
  }
}

/**
 * Every file of the build, each read on its first request (BuildFile): a route each for the few files
 * at the top, and one route for the hashed assets (~400 files: a route each cost ~120-190 ms of CPU at
 * every start), looked up in a map, with a missing one handed to the not-found handler as if no route
 * had matched.
 */
function registerBuildFiles(app: FastifyInstance, distDir: string): void {
  const assets = new Map<string, BuildFile>();
  for (const [urlPath, file] of loadBuild(distDir)) {
    const asset = /^\/assets\/([^/]+)$/.exec(urlPath)?.[1];
    if (asset) {
      assets.set(asset, file);
      continue;
    }
    const cacheControl = urlPath.startsWith('/assets/') ? IMMUTABLE : 'no-cache';
    app.get(urlPath, { schema: { hide: true } }, (request, reply) => {
      const read = file.read();
      if (!read) return reply.callNotFound();
      reply.header('cache-control', cacheControl).header('vary', 'Accept-Encoding');
      return sendStatic(request, reply, read);
    });
  }
  app.get<{ Params: { file: string } }>('/assets/:file', { schema: { hide: true } }, (request, reply) => {
    const file = assets.get(request.params.file)?.read();
    if (!file) return reply.callNotFound();
    reply.header('cache-control', IMMUTABLE).header('vary', 'Accept-Encoding');
    return sendStatic(request, reply, file);
  });
}

/**
 * The public pages rendered on the server into page.html (issue 40): a function giving the page for a
 * request, or null to send the plain shell.
 */
function serverRenderedPages(
  app: FastifyInstance,
  distDir: string,
  headFor: HeadFor | undefined,
  sharedPages: SharedPages<RenderedDocument> | undefined,
) {
  const renderer = serverRenderer(distDir);
  const rendererShell = renderer ? shellAround(renderer.template) : null;

  /**
   * The page rendered on the server into page.html, with its head tags (a profile's), or null to send
   * the plain shell: a render that fails must never fail the page, which then renders in the browser.
   * Which pages are rendered, and for whom, is rendersOnServer's to say. A visitor's page is the same
   * for every visitor, so it is rendered once per URL and shared (see registerWebApp); a signed-in
   * viewer's page (a job's) is theirs alone and rendered for them.
   */
  async function renderedPage(request: FastifyRequest, pathname: string): Promise<RenderedDocument | null> {
    if (!renderer || !rendererShell) return null;
    try {
      const module = await renderer.load();
      const signedIn = hasSession(request);
      if (!module.rendersOnServer(pathname, signedIn)) return null;
      const render = () => renderDocument(module, request, pathname);
      const rendered = signedIn || !sharedPages ? await render() : await sharedPages.get(request.url, render);
      // A signed-in viewer's page is theirs alone, rendered and compressed for this one answer.
      return { ...rendered, page: compressedAsAccepted(request, rendered.page, signedIn ? 'once' : 'kept') };
    } catch (err) {
      request.log.error({ err }, 'server render failed; serving the plain shell');
      return null;
    }
  }

  async function renderDocument(
    module: PageRenderer,
    request: FastifyRequest,
    pathname: string,
  ): Promise<RenderedDocument> {
    if (!renderer || !rendererShell) throw new Error('no server render in this build');
    const rendered = await module.renderPage(`http://localhost${request.url}`, apiAs(app, request));
    const head = headFor ? await headFor(pathname).catch(() => null) : null;
    const document = head
      ? `${rendererShell.before}\n    ${head}\n  ${rendererShell.after}`
      : renderer.template;
    const root = `<div id="root">${rendered.html}</div><script type="application/json" id="${SSR_STATE_ID}">${rendered.state}</script>`;
    const html = document.replace(ROOT_MARKER, () => root);
    return { page: { body: Buffer.from(html), type: HTML, etag: etagOf(html) }, status: rendered.status };
  }

  return renderedPage;
}
