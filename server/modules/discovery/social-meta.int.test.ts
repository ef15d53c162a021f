import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { describeOnDatabases } from '../../../test/databases';
import { createCustomer, createTradesperson } from '../../seed/factories';

// A stand-in for the built web app: only its head matters here.
const dist = mkdtempSync(path.join(tmpdir(), 'tradenest-web-'));
writeFileSync(
  path.join(dist, 'index.html'),
  `<!doctype html>
<html lang="en-GB">
  <head>
    <meta charset="UTF-8" />
    <title>TradeNest — Find trusted local tradespeople</title>
    <meta
      name="description"
      content="Post your job for free."
    />
  </head>
  <body><div id="root"></div></body>
</html>`,
);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const APP_URL = 'http://tradenest.test:8080';

describeOnDatabases('link previews of public profiles', (ctx) => {
  const db = () => ctx.database().db;
  const page = async (pathname: string) => {
    const app = await ctx.app({ WEB_DIST_DIR: dist, APP_URL });
    return app.inject({ url: pathname, headers: { accept: 'text/html' } });
  };

  it('writes the profile into the title, description and social card tags, escaped', async () => {
    const t = await createTradesperson(db(), {
      verified: true,
      fullName: `Bob "The <Builder>" & Sons`,
      trade: 'Builder',
      serviceAreas: ['Leeds'],
      bio: 'Extensions & <b>lofts</b> since 1999.',
    });
    const res = await page(`/tradesperson/${t.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    const title = 'Bob &quot;The &lt;Builder&gt;&quot; &amp; Sons, Builder in Leeds | TradeNest';
    expect(html).toContain(`<title>${title}</title>`);
    expect(html).toContain(
      '<meta name="description" content="Builder in Leeds. Extensions &amp; &lt;b&gt;lofts&lt;/b&gt; since 1999." />',
    );
    expect(html).toContain('<meta property="og:type" content="profile" />');
    expect(html).toContain(`<meta property="og:title" content="${title}" />`);
    expect(html).toContain(`<meta property="og:image" content="${APP_URL}/api/v1/avatars/${t.id}.svg" />`);
    expect(html).toContain('<meta name="twitter:card" content="summary" />');
    // The shell's own title and description are replaced, not doubled, and nothing arrives unescaped.
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).not.toContain('<Builder>');
    expect(html).not.toContain('<b>');
    expect(html).toContain('<div id="root"></div>');
  });

  it('sends the plain shell for hidden and unknown profiles and other pages', async () => {
    const hidden = await createTradesperson(db(), { verified: true, settings: { profileVisible: false } });
    const customer = await createCustomer(db());
    for (const pathname of [
      `/tradesperson/${hidden.id}`,
      `/tradesperson/${customer.id}`,
      '/tradesperson/00000000-0000-4000-8000-000000000000',
      '/tradesperson/setup',
      '/browse',
    ]) {
      const res = await page(pathname);
      expect(res.statusCode, pathname).toBe(200);
      expect(res.body).toContain('<title>TradeNest — Find trusted local tradespeople</title>');
      expect(res.body).not.toContain('og:title');
    }
  });
});
