// @vitest-environment node
// The server render (issue 40) as the server calls it, with the API answered by a fake transport: it
// runs under Node, where the server runs it, not in a DOM.
import { SETTINGS_DEFAULTS } from '@domain/accounts/schemas';
import { prerender } from 'react-dom/static';
import { describe, expect, it, vi } from 'vitest';
import { makeCard, searchPage } from '@/features/discovery/test-fixtures';
import { JOB_ID, makeJobDetail } from '@/test/fixtures';
import { decodeState, SSR_STATE_ID } from './app/ssr-state';
import { renderPage } from './server-render';

// Counted: a page whose data is fetched ahead renders once.
vi.mock('react-dom/static', async (importOriginal) => {
  const actual = await importOriginal<typeof import('react-dom/static')>();
  return { ...actual, prerender: vi.fn(actual.prerender) };
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A transport that answers as a visitor's API would, and lists what it was asked. */
function visitorApi(answers: Record<string, () => Response>) {
  const asked: string[] = [];
  const transport = async (url: string) => {
    asked.push(url);
    const path = url.split('?')[0] ?? url;
    if (path === '/api/v1/auth/session') return json({ user: null });
    const answer = answers[path];
    return answer ? answer() : json({ error: { code: 'not_found', message: `nothing at ${path}` } }, 404);
  };
  return { transport, asked };
}

describe('renderPage', () => {
  it('renders browse with its tradespeople in the HTML and the query cache to hydrate from', async () => {
    const card = makeCard({ fullName: 'Rendered Rita', trade: 'Electrician' });
    const api = visitorApi({ '/api/v1/tradespeople': () => json(searchPage([card])) });

    const page = await renderPage('http://localhost/browse', api.transport);

    expect(page.status).toBe(200);
    expect(page.html).toContain('Rendered Rita');
    // The session first, then the page's own data: one round, nothing asked twice.
    expect(api.asked[0]).toBe('/api/v1/auth/session');
    expect(new Set(api.asked).size).toBe(api.asked.length);
    const state = decodeState(page.state);
    const keys = state.queries.map((q) => q.queryKey[0]);
    expect(keys).toEqual(expect.arrayContaining(['auth', 'tradespeople']));
    expect(JSON.stringify(state)).toContain('Rendered Rita');
    expect(page.state).not.toContain('<');
    expect(SSR_STATE_ID).toBe('tn-ssr-state');
  });

  it('answers 404 with the not-found content for a profile the API does not have', async () => {
    const api = visitorApi({});
    const page = await renderPage(
      'http://localhost/tradesperson/40000000-0000-4000-8000-999999999999',
      api.transport,
    );
    expect(page.status).toBe(404);
    expect(page.html).toMatch(/not found/i);
  });

  it("leaves the visitor's town to the browser, so a visitor's landing page can be shared", async () => {
    const api = visitorApi({
      '/api/v1/tradespeople/featured': () => json({ tradespeople: [makeCard({ fullName: 'Featured Fay' })] }),
      '/api/v1/geo/visitor': () => json({ city: 'Wakefield', district: 'WF1' }),
    });
    const page = await renderPage('http://localhost/', api.transport);
    expect(page.status).toBe(200);
    expect(page.html).toContain('Featured Fay');
    expect(api.asked).not.toContain('/api/v1/geo/visitor');
    expect(page.state).not.toContain('Wakefield');
  });

  it("renders a signed-in tradesperson's job once, its data fetched ahead for them", async () => {
    const job = makeJobDetail({
      title: 'Rendered once',
      viewer: { relation: 'tradesperson', canQuote: true, cannotQuoteReason: null, myQuote: null },
    });
    const user = {
      id: '00000000-0000-4000-8000-000000000002',
      email: 'tia@example.com',
      fullName: 'Tia Trades',
      userType: 'tradesperson',
      isAdmin: false,
      emailVerified: true,
      settings: { ...SETTINGS_DEFAULTS },
    };
    const asked: string[] = [];
    const transport = async (url: string) => {
      asked.push(url);
      if (url === '/api/v1/auth/session') return json({ user });
      if (url === `/api/v1/jobs/${JOB_ID}`) return json({ job });
      if (url === '/api/v1/tradesperson/profile') return json({ profile: { vatNumber: null } });
      return json({ error: { code: 'not_found', message: `nothing at ${url}` } }, 404);
    };
    vi.mocked(prerender).mockClear();

    const page = await renderPage(`http://localhost/job/${JOB_ID}`, transport);

    expect(page.status).toBe(200);
    expect(page.html).toContain('Rendered once');
    expect(page.html).toContain('Send a quote');
    // The session, then the job and the tradesperson's profile (the quote form's), then one render.
    expect(asked[0]).toBe('/api/v1/auth/session');
    expect(asked.slice(1).sort()).toEqual([`/api/v1/jobs/${JOB_ID}`, '/api/v1/tradesperson/profile']);
    expect(prerender).toHaveBeenCalledTimes(1);
  });
});
