import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../domain/errors';
import { testConfig } from '../test/config';
import { getTestDatabase } from '../test/databases';
import { type App, buildApp } from './app';

// The web and the server share one contract (decision 0016). The types catch a wrong shape; this test
// catches the other drift: the web calling a method and path the server does not serve (as 'Enhance
// with AI' once called POST /api/v1/assistant/enhance-description). It reads every call in the web's
// source and looks each up in the OpenAPI document the server generates from its routes.

const WEB_SRC = path.resolve(import.meta.dirname, '../web/src');
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

type Call = { method: string; path: string; where: string };

function webSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : webSources(file);
    const isSource = /\.tsx?$/.test(entry.name);
    const isTestCode = /\.test\.tsx?$/.test(entry.name) || entry.name.startsWith('test-');
    return isSource && !isTestCode ? [file] : [];
  });
}

/** Index just past the literal or bracketed expression that opens at `start`. */
function skip(source: string, start: number): number {
  const open = source[start]!;
  if (open === "'" || open === '"') {
    let i = start + 1;
    while (source[i] !== open) i += source[i] === '\\' ? 2 : 1;
    return i + 1;
  }
  if (open === '`') {
    let i = start + 1;
    while (source[i] !== '`') {
      if (source[i] === '\\') i += 2;
      else if (source[i] === '$' && source[i + 1] === '{') i = skip(source, i + 1);
      else i += 1;
    }
    return i + 1;
  }
  const close = { '(': ')', '{': '}', '[': ']' }[open];
  let i = start + 1;
  while (source[i] !== close) {
    const c = source[i]!;
    i = '\'"`({['.includes(c) ? skip(source, i) : i + 1;
  }
  return i + 1;
}

/** The call's arguments, as source text, split at their top-level commas. */
function callArguments(source: string, openParen: number): string[] {
  const args: string[] = [];
  let from = openParen + 1;
  let i = from;
  for (;;) {
    const c = source[i]!;
    if (c === ',' || c === ')') {
      if (source.slice(from, i).trim()) args.push(source.slice(from, i).trim());
      if (c === ')') return args;
      from = i + 1;
      i += 1;
    } else {
      i = '\'"`({['.includes(c) ? skip(source, i) : i + 1;
    }
  }
}

/**
 * The string and template literals at the top level of an expression: both sides of a `?:`, but not
 * the values its condition compares with (`action === 'confirm' ? … : …`).
 */
function literals(expression: string): string[] {
  const found: string[] = [];
  let i = 0;
  while (i < expression.length) {
    const c = expression[i]!;
    if (c === "'" || c === '"' || c === '`') {
      const end = skip(expression, i);
      if (!/[=!]==?\s*$/.test(expression.slice(0, i))) found.push(expression.slice(i + 1, end - 1));
      i = end;
    } else {
      i = '({['.includes(c) ? skip(expression, i) : i + 1;
    }
  }
  return found;
}

/** `/jobs/${encodeURIComponent(id)}?tab=${tab}` → `/jobs/{param}`. */
function normalise(literal: string): string {
  let out = '';
  for (let i = 0; i < literal.length; ) {
    if (literal[i] === '$' && literal[i + 1] === '{') {
      const end = skip(literal, i + 1);
      out += '{param}';
      i = end;
    } else {
      out += literal[i];
      i += 1;
    }
  }
  return out.replace(/\?.*$/, '');
}

/**
 * Every API call in `source`: `apiFetch(path, { method })` and `postForm(path, form)` (paths under
 * /api/v1, GET and POST by default), `fetch('/api/…')`, `xhr.open(method, '/api/v1/…')`, and any other '/api/v1/…' literal (links,
 * images, the event stream), which the browser GETs. A call whose path is not written as a literal
 * cannot be checked and is reported as such.
 */
function apiCalls(source: string, where: string): { calls: Call[]; unreadable: string[] } {
  const calls: Call[] = [];
  const unreadable: string[] = [];
  const taken: [number, number][] = [];
  for (const match of source.matchAll(/\b(apiFetch|postForm|fetch)\s*(?:<[^()]*?>)?\s*\(/g)) {
    const [, fn] = match;
    const open = match.index + match[0].length - 1;
    // The wrappers' own definitions (`function apiFetch<T>(path: string, …)`) are not calls.
    if (/function\s+$/.test(source.slice(Math.max(0, match.index - 20), match.index))) continue;
    const end = skip(source, open);
    const [target = '', options = ''] = callArguments(source, open);
    taken.push([open, end]);
    const paths = literals(target).map(normalise);
    if (fn === 'fetch') {
      // The two wrappers fetch `${API_BASE}${path}` and `/api/v1${path}`: their callers are the calls
      // that count.
      const direct = paths.filter((p) => p.startsWith('/api/') && !p.startsWith('/api/v1{param}'));
      for (const p of direct) calls.push({ method: 'GET', path: p, where });
      continue;
    }
    if (paths.length === 0 || paths.some((p) => !p.startsWith('/'))) {
      unreadable.push(`${where}: ${source.slice(match.index, end).split('\n')[0]}`);
      continue;
    }
    const method = /\bmethod\s*:([^,}]*)/.exec(options)?.[1] ?? '';
    const methods = METHODS.filter((m) => method.includes(`'${m}'`));
    const chosen = methods.length > 0 ? methods : [fn === 'postForm' ? 'POST' : 'GET'];
    for (const p of paths) for (const m of chosen) calls.push({ method: m, path: `/api/v1${p}`, where });
  }
  // XMLHttpRequest, where a call needs upload progress: `xhr.open('POST', '/api/v1/…')`.
  for (const match of source.matchAll(/\.open\(\s*'([A-Z]+)'\s*,\s*(['"`])(\/api\/v1\/[^'"`]*)\2/g)) {
    taken.push([match.index, match.index + match[0].length]);
    calls.push({ method: match[1]!, path: normalise(match[3]!), where });
  }
  for (const match of source.matchAll(/(['"`])(\/api\/v1\/[^'"`]*)\1/g)) {
    if (taken.some(([from, to]) => match.index > from && match.index < to)) continue;
    calls.push({ method: 'GET', path: normalise(match[2]!), where });
  }
  return { calls, unreadable };
}

/** Method and path of every operation, parameters written `{param}` as the calls are. */
function served(document: { paths?: Record<string, Record<string, unknown>> }): Set<string> {
  const operations = new Set<string>();
  for (const [route, item] of Object.entries(document.paths ?? {})) {
    for (const method of Object.keys(item)) {
      operations.add(`${method.toUpperCase()} ${route.replace(/\{[^}]+\}/g, '{param}')}`);
    }
  }
  return operations;
}

describe('the API contract between the web and the server', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildApp({ config: testConfig(), database: await getTestDatabase('pglite'), logger: false });
    await app.ready();
  });
  afterAll(() => app.close());

  it('serves every method and path the web calls', () => {
    const operations = served(app.swagger() as Parameters<typeof served>[0]);
    const calls: Call[] = [];
    const unreadable: string[] = [];
    for (const file of webSources(WEB_SRC)) {
      const found = apiCalls(readFileSync(file, 'utf8'), path.relative(WEB_SRC, file));
      calls.push(...found.calls);
      unreadable.push(...found.unreadable);
    }
    const missing = calls
      .filter((c) => !operations.has(`${c.method} ${c.path}`))
      .map((c) => `${c.method} ${c.path} (${c.where})`);

    expect(unreadable, 'write these paths as literals so they can be checked').toEqual([]);
    expect(missing, 'the web calls these, the server does not serve them').toEqual([]);
    // A scan that found nothing would pass for the wrong reason.
    expect(calls.length).toBeGreaterThan(40);
  });

  it('catches a call to an endpoint the server does not have', () => {
    const operations = served(app.swagger() as Parameters<typeof served>[0]);
    const { calls } = apiCalls(
      `apiFetch<{ enhanced: string }>('/assistant/enhance-description', { method: 'POST', json: body });
       apiFetch<void>(\`/saved-pros/\${encodeURIComponent(id)}\`, { method: save ? 'PUT' : 'DELETE' });`,
      'planted.ts',
    );
    expect(
      calls.filter((c) => !operations.has(`${c.method} ${c.path}`)).map((c) => `${c.method} ${c.path}`),
    ).toEqual(['POST /api/v1/assistant/enhance-description']);
    expect(calls).toHaveLength(3);
  });

  it('reports a call whose path it cannot read', () => {
    expect(apiCalls('apiFetch<Thing>(somePath, { method: "POST" })', 'planted.ts').unreadable).toHaveLength(
      1,
    );
  });

  it('lists every error code in the OpenAPI document, as the error envelope', () => {
    const document = app.swagger() as unknown as {
      components: {
        schemas: { ErrorEnvelope: { properties: { error: { properties: { code: { enum: string[] } } } } } };
      };
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const envelope = document.components.schemas.ErrorEnvelope;
    expect(envelope.properties.error.properties.code.enum).toEqual([...ERROR_CODES]);
    // (With the rate limit's headers, which every answer of a limited route carries.)
    expect(document.paths['/api/v1/jobs/{id}']?.get?.responses.default).toMatchObject({
      description: 'Error',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
    });
  });
});
