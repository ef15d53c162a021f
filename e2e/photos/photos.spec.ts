import sharp from 'sharp';
import { expect, it } from 'vitest';
import { describeInBrowser, seriousAxeViolations } from '../harness/browser';
import { eventually, signUpThroughApi } from '../harness/journeys';

// Job photos from a phone (issue 38): two photos picked on Post a Job at 360 px upload with their
// progress, one gets a caption, the job is posted with both, and its page shows them as a gallery
// whose viewer works from the keyboard (arrows, Escape, focus back on the thumbnail).

const photo = (background: string) =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background } })
    .jpeg()
    .toBuffer();

describeInBrowser('photos', (ctx) => {
  it('posts a job with two photos from a phone and shows them in a keyboard-friendly gallery', async () => {
    const page = await ctx.newPage({ viewport: { width: 360, height: 740 } });
    await signUpThroughApi(page, { fullName: 'Phone Photographer' });
    await page.goto('/post-job');
    const title = `Fix the leak under the sink ${Date.now()}`;
    await page.getByLabel(/^Job title/).fill(title);
    await page.getByLabel(/^Category/).selectOption('Plumbing');
    await page
      .getByLabel(/^Description/)
      .fill('Water collects under the sink after every wash; photos attached.');
    await page.getByLabel(/^Postcode/).fill('M1 1AE');

    await page.getByLabel('Choose photos').setInputFiles([
      { name: 'sink.jpg', mimeType: 'image/jpeg', buffer: await photo('#336699') },
      { name: 'pipe.jpg', mimeType: 'image/jpeg', buffer: await photo('#996633') },
    ]);
    // Uploaded: each shows its thumbnail and its caption field, and no progress bar is left.
    await page.getByLabel('Caption for photo 2').waitFor();
    await eventually(() => page.getByRole('progressbar').count()).toBe(0);
    await page.getByLabel('Caption for photo 1').fill('Water under the sink');
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Post Job', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/my-jobs');
    await page.getByRole('link', { name: title }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/job/'));

    const first = page.getByRole('button', { name: 'Open photo 1 of 2: Water under the sink' });
    await first.waitFor();
    expect(await page.getByRole('button', { name: 'Open photo 2 of 2' }).isVisible()).toBe(true);
    // Thumbnails reserve their space and load lazily.
    const thumb = first.locator('img');
    expect(await thumb.getAttribute('loading')).toBe('lazy');
    expect(await thumb.getAttribute('width')).toBe('400');
    expect(await overflow()).toBeLessThanOrEqual(0);

    await first.focus();
    await page.keyboard.press('Enter');
    const viewer = page.getByRole('dialog');
    await eventually(() => viewer.getByText('Photo 1 of 2').isVisible()).toBe(true);
    await eventually(() =>
      viewer
        .getByRole('img', { name: 'Water under the sink' })
        .evaluate((img) => (img as HTMLImageElement).complete),
    ).toBe(true);
    await page.keyboard.press('ArrowRight');
    await eventually(() => viewer.getByText('Photo 2 of 2').isVisible()).toBe(true);
    await eventually(() => page.locator('[data-sonner-toast]').count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await eventually(() => viewer.count()).toBe(0);
    await eventually(() => first.evaluate((el) => el === document.activeElement)).toBe(true);
  });
});
