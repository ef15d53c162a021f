// Steps shared by the browser journeys: signing up and in, posting a job.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export const PASSWORD = 'a-long-enough-password';
// Quoting needs a trade on the profile and the profile editor is a later issue, so the journey quotes
// as the seeded demo tradesperson (a verified Plumber in London).
export const DEMO_TRADESPERSON = { email: 'tradesperson@tradenest.demo', password: 'tradenest-demo' };

let counter = 0;
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now()}-${counter}@example.com`;
}

export const pathOf = (page: Page) => new URL(page.url()).pathname;
/** Polls for up to 10 s: a journey's steps wait on the server and on lazily loaded screens. */
export const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 10_000 });

/** Signs up a new customer through the form; returns the email it used. */
export async function signUpCustomer(page: Page): Promise<string> {
  const email = uniqueEmail('customer');
  await page.goto('/auth?mode=signup');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByLabel(/^Full name/).fill('Casey Customer');
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await eventually(() => page.getByText('Account created!').isVisible()).toBe(true);
  await page.waitForURL((url) => url.pathname === '/home');
  return email;
}

/** The demo tradesperson quotes on a job from its page. */
export async function quoteOnJob(page: Page, jobId: string, price: string, message: string): Promise<void> {
  await page.goto(`/job/${jobId}`);
  await page.getByLabel(/^Your price/).fill(price);
  await page.getByLabel(/^Message to the customer/).fill(message);
  await page.getByRole('button', { name: 'Submit Quote' }).click();
  await eventually(() => page.getByText('Quote submitted!').isVisible()).toBe(true);
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  await eventually(() => page.getByText('Welcome back!').isVisible()).toBe(true);
}

export async function postJob(page: Page, title: string): Promise<string> {
  await page.goto('/post-job');
  await page.getByLabel(/^Job title/).fill(title);
  await page.getByLabel(/^Category/).selectOption('Plumbing');
  await page.getByLabel(/^Description/).fill('The kitchen mixer tap drips all night and needs a new washer.');
  await page.getByLabel(/^Minimum/).fill('100');
  await page.getByLabel(/^Maximum/).fill('250');
  await page.getByLabel(/^Postcode/).fill('M1 1AE');
  await page.getByRole('button', { name: 'Post Job', exact: true }).click();
  await eventually(() => page.getByText('Job posted!').isVisible()).toBe(true);
  await page.waitForURL((url) => url.pathname === '/my-jobs');
  const link = page.getByRole('link', { name: title });
  await link.waitFor();
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/job\/[0-9a-f-]{36}$/);
  return href!.slice('/job/'.length);
}

type Answer = { status(): number; json(): Promise<unknown>; text(): Promise<string> };

/** The answer's JSON, after checking its status (the body says why when it is not the one expected). */
export async function ok<T>(response: Answer, status: number): Promise<T> {
  if (response.status() !== status) throw new Error(`${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** A new account through the API, signed in on `page` (for journeys whose subject is not signing up). */
export async function signUpThroughApi(
  page: Page,
  who: { fullName: string; userType?: 'customer' | 'tradesperson' },
): Promise<void> {
  await ok(
    await page.request.post('/api/v1/auth/sign-up', {
      data: {
        email: uniqueEmail(who.userType ?? 'customer'),
        password: PASSWORD,
        fullName: who.fullName,
        userType: who.userType ?? 'customer',
      },
    }),
    201,
  );
}

/**
 * The steps before paying, through the API (the marketplace journey covers their screens): a new
 * customer posts a Plumbing job in M1 1AE, the demo tradesperson quotes `price` for it, the customer
 * accepts and the tradesperson marks it complete (unless `complete` is false: the booking stays
 * confirmed, work in progress). Both pages stay signed in.
 */
export async function completedJobThroughApi(
  newPage: () => Promise<Page>,
  job: { title: string; description: string; price: string; customerName: string; complete?: boolean },
): Promise<{ customer: Page; tradesperson: Page; jobId: string; bookingId: string; tradespersonId: string }> {
  const customer = await newPage();
  await signUpThroughApi(customer, { fullName: job.customerName });
  const posted = await ok<{ job: { id: string } }>(
    await customer.request.post('/api/v1/jobs', {
      data: {
        title: job.title,
        category: 'Plumbing',
        description: job.description,
        budgetMin: 100,
        budgetMax: 300,
        postcode: 'M1 1AE',
      },
    }),
    201,
  );
  const tradesperson = await newPage();
  await ok(await tradesperson.request.post('/api/v1/auth/sign-in', { data: DEMO_TRADESPERSON }), 200);
  const { quote } = await ok<{ quote: { id: string } }>(
    await tradesperson.request.post(`/api/v1/jobs/${posted.job.id}/quotes`, {
      data: { amount: job.price, message: 'I can do this later this week.' },
    }),
    201,
  );
  const { booking } = await ok<{ booking: { id: string; tradesperson: { id: string } } }>(
    await customer.request.post(`/api/v1/quotes/${quote.id}/accept`),
    200,
  );
  if (job.complete !== false)
    await ok(await tradesperson.request.post(`/api/v1/bookings/${booking.id}/complete`), 200);
  return {
    customer,
    tradesperson,
    jobId: posted.job.id,
    bookingId: booking.id,
    tradespersonId: booking.tradesperson.id,
  };
}

/**
 * completedJobThroughApi, then paid by the customer through the sandbox's checkout: the money is held
 * (a dispute can be raised on it).
 */
export async function paidJobThroughApi(
  newPage: () => Promise<Page>,
  job: { title: string; description: string; price: string; customerName: string },
): Promise<{ customer: Page; tradesperson: Page; jobId: string; bookingId: string }> {
  const { customer, tradesperson, jobId, bookingId } = await completedJobThroughApi(newPage, job);
  const { sessionId } = await ok<{ sessionId: string }>(
    await customer.request.post('/api/v1/payments/create-payment', { data: { bookingId } }),
    200,
  );
  await ok(
    await customer.request.post(`/api/v1/sandbox/checkout/${sessionId}/pay`, {
      data: { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: job.customerName },
    }),
    200,
  );
  await ok(await customer.request.post('/api/v1/payments/verify-payment', { data: { sessionId } }), 200);
  return { customer, tradesperson, jobId, bookingId };
}
