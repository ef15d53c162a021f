import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeInBrowser, seriousAxeViolations } from '../harness/browser';
import { DEMO_TRADESPERSON, eventually, pathOf, signIn } from '../harness/journeys';

// The seeded demo admin (server/seed/seed.ts).
const DEMO_ADMIN = { email: 'admin@tradenest.demo', password: 'tradenest-demo' };
const PHONE = { width: 360, height: 740 };

/** A one-page PDF certificate, as a tradesperson would upload it. */
async function certificatePdf(title: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  page.drawText(title, { x: 60, y: 760, size: 24, font });
  page.drawText('Public liability cover: £5,000,000', { x: 60, y: 720, size: 14, font });
  return Buffer.from(await pdf.save());
}

/** The demo tradesperson uploads an insurance certificate (a PDF) through the API; returns its title. */
async function uploadInsurance(page: Page): Promise<string> {
  const signedIn = await page.request.post('/api/v1/auth/sign-in', { data: DEMO_TRADESPERSON });
  expect(signedIn.status()).toBe(200);
  const title = `Insurance certificate ${Date.now()}`;
  const response = await page.request.post('/api/v1/documents', {
    multipart: {
      kind: 'insurance',
      title,
      expiresOn: `${new Date().getUTCFullYear() + 1}-12-31`,
      file: { name: 'certificate.pdf', mimeType: 'application/pdf', buffer: await certificatePdf(title) },
    },
  });
  expect(response.status()).toBe(201);
  return title;
}

/** Canvas pixels that are not white: the PDF's text was drawn. */
function inkOn(page: Page, name: string): Promise<number> {
  return page.getByRole('img', { name }).evaluate((element) => {
    const canvas = element as HTMLCanvasElement;
    const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    let ink = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i]! < 200) ink += 1;
    return ink;
  });
}

describeInBrowser('the admin console', (ctx) => {
  it('lands an admin on /admin, shows a PDF inside the page under the CSP, and approves it', async () => {
    const title = await uploadInsurance(await ctx.newPage());

    const page = await ctx.newPage();
    await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.waitForURL((url) => url.pathname === '/admin');
    await eventually(() => page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).isVisible()).toBe(
      true,
    );

    await page.getByRole('link', { name: /Pending verifications/ }).click();
    await page.waitForURL((url) => url.pathname === '/admin/verifications');
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
    await card.getByRole('button', { name: 'View file' }).click();
    // pdf.js and its worker load (a console error, such as a CSP refusal, would fail the test) and
    // draw the page onto a canvas.
    const pageName = `${title}, page 1 of 1`;
    await eventually(() => card.getByRole('img', { name: pageName }).isVisible()).toBe(true);
    await eventually(() => inkOn(page, pageName)).toBeGreaterThan(100);

    await card.getByRole('button', { name: /^Approve/ }).click();
    await eventually(() => page.getByText('Document approved').isVisible()).toBe(true);
    await eventually(() => page.getByRole('heading', { name: title }).count()).toBe(0);
  });

  it('fits a 360 px phone without sideways scrolling, with no serious accessibility problems', async () => {
    await uploadInsurance(await ctx.newPage());
    const page = await ctx.newPage({ viewport: PHONE });
    await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.waitForURL((url) => url.pathname === '/admin');
    for (const path of [
      '/admin',
      '/admin/verifications',
      '/admin/reviews',
      '/admin/users',
      '/admin/payments',
      '/admin/support',
    ]) {
      await page.goto(path);
      await eventually(() => page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
      // Loaded, not a skeleton.
      await eventually(() => page.locator('[aria-busy="true"]').count()).toBe(0);
      expect(pathOf(page)).toBe(path);
      // The dashboard's five charts (three of activity, two of support's response times) draw on a
      // phone too (their own chunk, measured to the card).
      if (path === '/admin') {
        await eventually(() => page.locator('[data-testid="weekly-chart"]').count()).toBe(5);
        await eventually(() => page.locator('[data-testid="weekly-chart"] rect').count()).toBeGreaterThan(12);
      }
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
      expect(await seriousAxeViolations(page), path).toEqual([]);
    }
    // The way back to the console from anywhere in the app, on a phone too.
    await page.goto('/profile');
    await page.getByRole('banner').getByRole('link', { name: 'Admin', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/admin');
  });

  it('opens an account from the users list and shows its page', async () => {
    const page = await ctx.newPage();
    await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.goto('/admin/users');
    await page.getByRole('searchbox', { name: 'Search by name or email' }).fill('tradesperson@tradenest');
    await eventually(() => page.getByRole('list', { name: 'Users' }).getByRole('link').count()).toBe(1);
    await page.getByRole('list', { name: 'Users' }).getByRole('link').click();
    await eventually(() => page.getByRole('region', { name: 'Account' }).isVisible()).toBe(true);
    expect(await page.getByRole('region', { name: /Audit trail/ }).isVisible()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
