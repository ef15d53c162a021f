import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { ErrorEnvelope } from '../lib/app-error';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated, and the SPA's
 * index.html for any other GET that asks for HTML. Unknown /api paths answer a JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
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

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsHtml = (request.headers.accept ?? '').includes('text/html');
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    if (
      isApi ||
      (request.method !== 'GET' && request.method !== 'HEAD') ||
      !wantsHtml ||
      pathname.startsWith('/assets/')
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
    // Client-side routes (including the 404 page) are resolved by the SPA itself.
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
  });
}
