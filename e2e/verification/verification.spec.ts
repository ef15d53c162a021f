import { expect, it } from 'vitest';
import { describeInBrowser, seriousAxeViolations } from '../harness/browser';
import { eventually, PASSWORD, pathOf, signIn, uniqueEmail } from '../harness/journeys';

// Issue 14's journey: a tradesperson who signs up today completes Business Setup and uploads photo ID
// and insurance; the demo admin approves both in the verification queue (viewing each file inline);
// a visitor then finds the tradesperson by trade and postcode, with the verified mark.

const ADMIN = { email: 'admin@tradenest.demo', password: 'tradenest-demo' };
// A 1x1 PNG and a one-page PDF: the server re-encodes both, so they must be real files.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC',
  'base64',
);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const nextYear = `${new Date().getUTCFullYear() + 1}-06-30`;

describeInBrowser('verification by an admin', (ctx) => {
  it('takes a new tradesperson from sign-up to listed, through the admin’s queue', async () => {
    const name = `Vera Verify ${Date.now()}`;
    const page = await ctx.newPage();
    const email = uniqueEmail('verify');
    const signUp = await page.request.post('/api/v1/auth/sign-up', {
      data: { email, password: PASSWORD, fullName: name, userType: 'tradesperson' },
    });
    expect(signUp.status()).toBe(201);

    // Business Setup: where and what, then the two documents on the Verification step.
    await page.goto('/tradesperson/setup');
    await page.getByLabel(/^Base postcode/).fill('TR1 2HN');
    await page.getByLabel(/^Service radius/).fill('20');
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByLabel(/^Trade/).selectOption('Plumber');
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('region', { name: 'Your verification' }).waitFor();

    await page.getByLabel(/^Document type/).selectOption('photo_id');
    await page
      .getByLabel(/^File/)
      .setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('button', { name: 'Upload document' }).click();
    await eventually(() => page.getByText('passport.png').isVisible()).toBe(true);
    await page.getByLabel(/^Document type/).selectOption('insurance');
    await page.getByLabel(/^Expiry date/).fill(nextYear);
    await page
      .getByLabel(/^File/)
      .setInputFiles({ name: 'insurance.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByRole('button', { name: 'Upload document' }).click();
    await eventually(() => page.getByText('insurance.pdf').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('button', { name: 'Complete Setup' }).click();
    await eventually(() => page.getByText('Setup complete!').isVisible()).toBe(true);

    // Not listed yet: nobody has checked the documents.
    const search = `/browse-services?service=plumber&location=${encodeURIComponent('TR1 2HN')}`;
    const visitor = await ctx.newPage();
    await visitor.goto(search);
    await visitor.getByRole('status').filter({ hasText: /found/ }).waitFor();
    expect(await visitor.getByRole('article').filter({ hasText: name }).count()).toBe(0);

    // The admin lands on the console and approves both from the queue.
    const admin = await ctx.newPage();
    await signIn(admin, ADMIN.email, ADMIN.password);
    await admin.waitForURL((url) => url.pathname === '/admin');
    await admin.getByRole('link', { name: /Pending verifications/ }).click();
    await admin.waitForURL((url) => url.pathname === '/admin/verifications');
    for (const title of ['Photo ID', 'Public liability insurance']) {
      const approve = admin.getByRole('button', { name: `Approve ${title} from ${name}` });
      await approve.scrollIntoViewIfNeeded();
      await approve.click();
      await eventually(() => admin.getByText('Document approved').first().isVisible()).toBe(true);
      await eventually(() => approve.count()).toBe(0);
    }
    expect(await seriousAxeViolations(admin)).toEqual([]);

    // The tradesperson's documents page says so, and a visitor now finds them, verified.
    await page.goto('/documents');
    await eventually(() =>
      page.getByText('You are verified: your badge shows and you appear in search.').isVisible(),
    ).toBe(true);
    await visitor.goto(search);
    const card = visitor.getByRole('article').filter({ hasText: name });
    await eventually(() => card.count()).toBe(1);
    expect(await card.getByText('Verified', { exact: true }).count()).toBe(1);
    expect(pathOf(visitor)).toBe('/browse-services');
  });
});
