// The five public pages of issue 40 that are rendered on the server, on a running demo server, for
// lighthouse.mjs, landing-js.mjs and server-render.mjs: a visitor's landing, browse, profile and
// reviews, and the demo tradesperson's view of an open job (signed in: their session cookie).

/** [{ name, path, cookie? }] for the server at `base` (demo data loaded). */
export async function publicPages(base) {
  const featured = await getJson(`${base}/api/v1/tradespeople/featured?limit=1`);
  const tradespersonId = featured.tradespeople?.[0]?.id;
  if (!tradespersonId) throw new Error('the demo data has no featured tradesperson');
  const cookie = await signIn(base, 'tradesperson@tradenest.demo');
  const open = await getJson(`${base}/api/v1/jobs/open?limit=1`, cookie);
  const jobId = open.jobs?.[0]?.id;
  if (!jobId) throw new Error('the demo data has no open job');
  return [
    { name: 'landing', path: '/' },
    { name: 'browse', path: '/browse' },
    { name: 'job detail (tradesperson)', path: `/job/${jobId}`, cookie },
    { name: 'tradesperson profile', path: `/tradesperson/${tradespersonId}` },
    { name: 'reviews', path: `/reviews?tradesperson=${tradespersonId}` },
  ];
}

/** The demo account's session cookie header (`name=value; ...`). */
export async function signIn(base, email) {
  const res = await fetch(`${base}/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password: 'tradenest-demo' }),
    signal: AbortSignal.timeout(30_000),
  });
  if (!res.ok) throw new Error(`signing in ${email} answered ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function getJson(url, cookie) {
  const res = await fetch(url, { headers: cookie ? { cookie } : {}, signal: AbortSignal.timeout(30_000) });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return res.json();
}

/** The cookies as Playwright or Lighthouse take them. */
export function cookieList(cookie, base) {
  return cookie.split('; ').map((pair) => {
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url: base };
  });
}
