import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../test/config';
import { getTestDatabase } from '../test/databases';
import { openApiDocument } from '../test/openapi';
import { type App, buildApp } from './app';
import { SESSION_SCHEME } from './plugins/openapi';

// The OpenAPI document is linted with Spectral's OWASP API Security ruleset as the project configures
// it (.spectral.yaml, docs/api/openapi.md), by the same command a developer runs on `npm run openapi`'s
// output. A new route whose strings, lists or security are not declared fails here, with the count by
// rule and the first places.

const root = path.resolve(import.meta.dirname, '..');
const spectral = path.join(root, 'node_modules', '.bin', 'spectral');
type Json = { [key: string]: unknown };
type Diagnostic = { code: string; severity: number; path: string[]; message: string };
type Operation = { security?: Record<string, string[]>[]; 'x-admin-only'?: boolean } & Json;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

function lint(document: Json): Diagnostic[] {
  const dir = path.join(root, '.tmp', `openapi-lint-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(document));
  try {
    const run = spawnSync(
      spectral,
      ['lint', file, '--ruleset', path.join(root, '.spectral.yaml'), '--format', 'json', '--quiet'],
      { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    );
    // Exit 1 means "errors found"; anything else but 0 is Spectral failing to run.
    if (run.status !== 0 && run.status !== 1) throw new Error(`spectral failed: ${run.stderr}`);
    return JSON.parse(run.stdout) as Diagnostic[];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function countByRule(results: Diagnostic[], severity: number): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const r of results)
    if (r.severity === severity) counts[String(r.code)] = (counts[String(r.code)] ?? 0) + 1;
  return counts;
}

function operations(document: Json): { method: string; url: string; operation: Operation }[] {
  return Object.entries(document.paths as Record<string, Record<string, Operation>>).flatMap(([url, item]) =>
    METHODS.filter((m) => item[m]).map((method) => ({ method, url, operation: item[method]! })),
  );
}

let document: Json;

beforeAll(async () => {
  document = await openApiDocument(await getTestDatabase('pglite'));
});

describe('the OpenAPI document under Spectral’s OWASP ruleset', () => {
  it('has no errors', async () => {
    const results = lint(document);
    const errors = countByRule(results, 0);
    // Warnings are allowed, and printed so their trend is visible in the test log.
    const warnings = countByRule(results, 1);
    console.info(
      `openapi lint: ${results.filter((r) => r.severity === 0).length} errors, warnings by rule:`,
      warnings,
    );
    if (Object.keys(errors).length > 0) {
      const first = results
        .filter((r) => r.severity === 0)
        .slice(0, 20)
        .map((r) => `${r.code} at ${r.path.join('.')}: ${r.message}`);
      expect.fail(`errors by rule: ${JSON.stringify(errors, null, 2)}\nfirst ones:\n${first.join('\n')}`);
    }
  });

  it('fails a response string with no bound, a list with no cap, and a write with no security', async () => {
    const planted = structuredClone(document) as { paths: Record<string, Record<string, unknown>> };
    planted.paths['/api/v1/planted'] = {
      post: {
        responses: {
          200: {
            description: 'planted',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    note: { type: 'string' },
                    items: {
                      type: 'array',
                      items: { type: 'integer', format: 'int32', minimum: 0, maximum: 1 },
                    },
                  },
                },
              },
            },
          },
        },
      },
    };
    const rules = new Set(
      lint(planted)
        .filter((r) => r.severity === 0)
        .map((r) => r.code),
    );
    expect(rules).toContain('owasp:api4:2023-string-limit');
    expect(rules).toContain('tradenest-array-limit');
    expect(rules).toContain('owasp:api2:2023-write-restricted');
  });

  it('names the session cookie the server reads as the security scheme', () => {
    const schemes = (document.components as { securitySchemes: Record<string, Json> }).securitySchemes;
    // The linted document is an HTTPS deployment's (test/openapi.ts), whose cookie is __Host- prefixed.
    expect(schemes[SESSION_SCHEME]).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: '__Host-tn_session',
    });
  });
});

describe('the security the document declares is what the server does', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildApp({ config: testConfig(), database: await getTestDatabase('pglite'), logger: false });
  });
  afterAll(() => app.close());

  // Called without a cookie, an operation that needs a session answers 401 (admin-only ones: 404, so the
  // console is not advertised); one that serves visitors answers anything else. Operations with a body
  // or a required query are left out: the schema refuses those requests (400) before the session is
  // looked at.
  it('refuses signed-in operations to a visitor, and serves the others', async () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const { method, url, operation } of operations(document)) {
      const parameters = (operation.parameters ?? []) as { in: string; required?: boolean }[];
      if (operation.requestBody || parameters.some((p) => p.in === 'query' && p.required)) continue;
      if (url.includes('{*}') || url.includes('/events')) continue;
      const signedIn = operation.security?.length === 1 && SESSION_SCHEME in operation.security[0]!;
      const concrete = url.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
      const response = await app.inject({ method: method.toUpperCase() as 'GET', url: concrete });
      checked += 1;
      const expected = operation['x-admin-only'] ? 404 : 401;
      if (signedIn && response.statusCode !== expected) {
        wrong.push(
          `${method.toUpperCase()} ${url}: declared signed-in, answered ${response.statusCode} to a visitor`,
        );
      }
      if (!signedIn && response.statusCode === 401) {
        wrong.push(`${method.toUpperCase()} ${url}: declared open to visitors, answered 401`);
      }
      // The rate limit's headers, where the document declares them on the answer given.
      const responses = operation.responses as Record<string, { headers?: Json }>;
      const answer = responses[String(response.statusCode)] ?? responses.default;
      const declared = answer?.headers?.['X-RateLimit-Limit'] !== undefined;
      if (declared !== (response.headers['x-ratelimit-limit'] !== undefined)) {
        wrong.push(
          `${method.toUpperCase()} ${url}: rate-limit headers declared ${declared}, sent ${!declared}`,
        );
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(40);
  });
});
