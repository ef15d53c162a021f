// @vitest-environment happy-dom
import type { ComparedQuoteView, QuoteRevisionView } from '@domain/marketplace/api';
import { priceLines } from '@domain/marketplace/pricing';
import { QUOTE_MESSAGES } from '@domain/marketplace/schemas';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeOwnProfile } from '@/features/profiles/test-fixtures';
import { showError, showSuccess } from '@/lib/toast';
import { expectFieldError } from '@/test/field-errors';
import {
  JOB_ID,
  makeJobDetail,
  makeQuote,
  makeTradesperson,
  ONE_FIGURE_TERMS,
  QUOTE_ID,
  TRADESPERSON_ID,
} from '@/test/fixtures';
import { makeUser, mockApi, renderApp, resetBetweenTests, sessionHandler } from '@/test/render';
import { quoteChanges } from './quote-changes';

vi.mock('@/lib/toast', () => ({ showError: vi.fn(), showSuccess: vi.fn() }));

afterEach(resetBetweenTests);

const tradesperson = makeUser({ id: TRADESPERSON_ID, userType: 'tradesperson', fullName: 'Tom Pipes' });
const breakdown = priceLines([
  {
    kind: 'labour',
    description: 'Fit radiator',
    quantityHundredths: 250,
    unitPricePence: 4500,
    vatRate: null,
  },
  {
    kind: 'materials',
    description: 'Radiator',
    quantityHundredths: 100,
    unitPricePence: 12049,
    vatRate: null,
  },
]);
const itemised = makeQuote({
  amount: breakdown.totalPence,
  breakdown,
  validUntil: '2030-07-01',
  estimatedStart: '2030-06-10',
  estimatedDurationDays: 2,
  exclusions: 'Making good the plaster',
  revision: 2,
});

describe('what changed between two versions of a quote', () => {
  it('lists the total, items added, removed and changed, and the terms, and nothing else', () => {
    const before: QuoteRevisionView = {
      ...ONE_FIGURE_TERMS,
      amount: 20_000,
      message: 'I can fix it on Monday.',
      breakdown: priceLines([
        {
          kind: 'labour',
          description: 'Fit radiator',
          quantityHundredths: 200,
          unitPricePence: 4500,
          vatRate: null,
        },
        { kind: 'other', description: 'Skip', quantityHundredths: 100, unitPricePence: 5000, vatRate: null },
      ]),
      revision: 1,
      madeAt: new Date().toISOString(),
    };
    expect(quoteChanges(before, itemised)).toEqual([
      { label: 'Total', before: '£200.00', after: '£232.99' },
      { label: 'Fit radiator (labour)', before: '2 × £45.00', after: '2.5 × £45.00' },
      { label: 'Added: Radiator (materials)', before: 'None', after: '1 × £120.49' },
      { label: 'Removed: Skip (other)', before: '1 × £50.00', after: 'None' },
      { label: 'Valid until', before: 'None', after: '1 Jul 2030' },
      { label: 'Estimated start', before: 'None', after: '10 Jun 2030' },
      { label: 'Duration', before: 'None', after: '2 days' },
      { label: 'Not included', before: 'None', after: 'Making good the plaster' },
    ]);
    expect(quoteChanges(itemised, itemised)).toEqual([]);
  });
});

describe('an itemised quote on the job page', () => {
  const openAsOwner = (quote = itemised, extra: Parameters<typeof mockApi>[0] = {}) => {
    const fetchMock = mockApi({
      ...sessionHandler(makeUser()),
      [`GET /api/v1/jobs/${JOB_ID}`]: () => ({
        status: 200,
        body: { job: makeJobDetail({ quotes: [quote] }) },
      }),
      ...extra,
    });
    renderApp(`/job/${JOB_ID}`);
    return fetchMock;
  };

  it("shows Revised, the terms, What's included and, when asked, what changed", async () => {
    const previous: QuoteRevisionView = {
      ...ONE_FIGURE_TERMS,
      amount: 20_000,
      message: itemised.message,
      revision: 1,
      madeAt: new Date().toISOString(),
    };
    openAsOwner(itemised, {
      [`GET /api/v1/quotes/${QUOTE_ID}/revisions`]: () => ({ status: 200, body: { revisions: [previous] } }),
    });
    expect(await screen.findByText('Revised', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Valid until 1 Jul 2030 · Could start 10 Jun 2030 · About 2 days')).toBeTruthy();
    const included = screen.getByText("What's included").closest('details')!;
    expect(within(included).getByRole('table', { name: 'What the quote includes' })).toBeTruthy();
    expect(within(included).getByText('Making good the plaster')).toBeTruthy();

    const changed = screen.getByText('What changed').closest('details')!;
    changed.open = true;
    fireEvent(changed, new Event('toggle'));
    const table = await within(changed).findByRole('table', { name: 'Changes since the previous version' });
    expect(within(table).getByRole('row', { name: /Total £200.00 £232.99/ })).toBeTruthy();
    expect(within(table).getByRole('row', { name: /Itemised One amount 2 items/ })).toBeTruthy();
  });

  it('marks an expired quote and offers no Accept for it', async () => {
    openAsOwner({ ...itemised, expired: true, revision: 1 });
    expect(await screen.findByText('Expired', {}, { timeout: 5000 })).toBeTruthy();
    expect(
      screen.getByText('This quote has expired: ask the tradesperson to revise it with a new date.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(screen.getByText(/Expired after/)).toBeTruthy();
  });

  it('links to Compare quotes once there are two live quotes', async () => {
    const other = makeQuote({ id: '20000000-0000-4000-8000-000000000002', amount: 30_000 });
    mockApi({
      ...sessionHandler(makeUser()),
      [`GET /api/v1/jobs/${JOB_ID}`]: () => ({
        status: 200,
        body: { job: makeJobDetail({ quotes: [itemised, other] }) },
      }),
    });
    renderApp(`/job/${JOB_ID}`);
    const link = await screen.findByRole('link', { name: 'Compare quotes' }, { timeout: 5000 });
    expect(link.getAttribute('href')).toBe(`/job/${JOB_ID}/compare`);
  });
});

describe('the quote form, itemised', () => {
  const openAsTradesperson = (vatNumber: string | null) =>
    mockApi({
      ...sessionHandler(tradesperson),
      [`GET /api/v1/jobs/${JOB_ID}`]: () => ({
        status: 200,
        body: {
          job: makeJobDetail({
            viewer: { relation: 'tradesperson', canQuote: true, cannotQuoteReason: null, myQuote: null },
          }),
        },
      }),
      'GET /api/v1/tradesperson/profile': () => ({
        status: 200,
        body: { profile: makeOwnProfile({ vatNumber }) },
      }),
      [`POST /api/v1/jobs/${JOB_ID}/quotes`]: () => ({ status: 201, body: { quote: makeQuote() } }),
    });

  it('sends the lines and terms without an amount, the total worked out on screen', async () => {
    const fetchMock = openAsTradesperson('GB980780684');
    renderApp(`/job/${JOB_ID}`);
    const itemise = await screen.findByRole('button', { name: 'Itemise this quote' }, { timeout: 5000 });
    // Whether VAT applies comes from the profile: the lines wait for it.
    await waitFor(() => expect((itemise as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(itemise);
    expect(screen.queryByLabelText(/^Your price/)).toBeNull();
    expect(screen.getByLabelText(/^VAT rate/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Description/), { target: { value: 'Fit radiator' } });
    fireEvent.change(screen.getByLabelText(/^Quantity/), { target: { value: '2.5' } });
    fireEvent.change(screen.getByLabelText(/^Unit price/), { target: { value: '45' } });
    expect(screen.getByText('Total including VAT').nextElementSibling?.textContent).toBe('£135.00');
    fireEvent.change(screen.getByLabelText(/^Message to the customer/), { target: { value: 'Half a day' } });
    fireEvent.click(screen.getByText('Validity, start date and exclusions (optional)'));
    fireEvent.change(screen.getByLabelText(/^Estimated duration/), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Quote' }));
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Quote submitted!'));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      message: 'Half a day',
      estimatedDurationDays: '1',
      lineItems: [
        {
          kind: 'labour',
          description: 'Fit radiator',
          quantity: '2.5',
          unitPrice: '45',
          vatRate: 'standard',
        },
      ],
    });
  });

  it('refuses an empty line beside its fields, keeping what was typed', async () => {
    const fetchMock = openAsTradesperson(null);
    renderApp(`/job/${JOB_ID}`);
    const itemise = await screen.findByRole('button', { name: 'Itemise this quote' }, { timeout: 5000 });
    await waitFor(() => expect((itemise as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(itemise);
    fireEvent.change(screen.getByLabelText(/^Message to the customer/), { target: { value: 'Kept' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Quote' }));
    await waitFor(() => expect(showError).toHaveBeenCalledWith('Validation Error', 'Describe the item'));
    expectFieldError(screen.getByLabelText(/^Description/), 'Describe the item');
    expect((screen.getByLabelText(/^Message to the customer/) as HTMLTextAreaElement).value).toBe('Kept');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    expect(screen.queryByText(QUOTE_MESSAGES.amountRequired)).toBeNull();
  });
});

describe('Compare Quotes', () => {
  const compared = (overrides: Partial<ComparedQuoteView>): ComparedQuoteView => ({
    ...makeQuote(),
    distanceMiles: 3.2,
    byKind: [],
    ...overrides,
  });
  const cheap = compared({
    id: '20000000-0000-4000-8000-000000000003',
    amount: 19_900,
    tradesperson: makeTradesperson({
      id: '00000000-0000-4000-8000-000000000009',
      fullName: 'Bea Build',
      verified: false,
    }),
  });
  const detailed = compared({
    amount: breakdown.totalPence,
    breakdown,
    byKind: [
      { kind: 'labour', netPence: 11_250 },
      { kind: 'materials', netPence: 12_049 },
    ],
    estimatedDurationDays: 2,
    revision: 3,
  });

  it('puts the quotes side by side under their tradespeople, marks the lowest total and accepts from there', async () => {
    const fetchMock = mockApi({
      ...sessionHandler(makeUser()),
      [`GET /api/v1/jobs/${JOB_ID}/quotes/compare`]: () => ({
        status: 200,
        body: {
          job: { id: JOB_ID, title: 'Fix a leaking tap', category: 'Plumbing', status: 'open' },
          quotes: [cheap, detailed],
        },
      }),
      [`POST /api/v1/quotes/${QUOTE_ID}/accept`]: () => ({ status: 200, body: { booking: {} } }),
    });
    renderApp(`/job/${JOB_ID}/compare`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Compare Quotes' }, { timeout: 5000 }),
    ).toBeTruthy();
    const table = screen.getByRole('table', { name: '2 quotes for Fix a leaking tap, lowest total first' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers[0]).toContain('Bea Build');
    expect(headers[0]).toContain('Lowest total');
    expect(headers[1]).toContain('Tom Pipes');
    expect(headers[1]).toContain('Revised');
    // The comparison's own rows (each quote's breakdown inside it is a table of its own).
    const row = (name: string) =>
      [...table.querySelectorAll(':scope > tbody > tr')]
        .find((tr) => tr.querySelector(':scope > th')?.textContent === name)!
        .querySelectorAll(':scope > td');
    expect([...row('Total')].map((td) => td.textContent)).toEqual(['£199.00', '£232.99']);
    expect([...row('Labour')].map((td) => td.textContent)).toEqual(['Not itemised', '£112.50']);
    expect([...row('Distance')].map((td) => td.textContent)).toEqual(['3.2 miles away', '3.2 miles away']);
    expect([...row('Revisions')].map((td) => td.textContent)).toEqual(['Original', 'Revised 2 times']);
    expect([...row('Verified')].map((td) => td.textContent)).toEqual(['Not yet', 'Yes']);

    fireEvent.click(screen.getByRole('button', { name: 'Accept Tom Pipes' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept quote' }));
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('Quote Accepted'));
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => String(url).endsWith(`/quotes/${QUOTE_ID}/accept`) && init?.method === 'POST',
      ),
    ).toBe(true);
  });

  it('says Job not found to anyone who may not compare the quotes', async () => {
    mockApi({ ...sessionHandler(makeUser()) });
    renderApp(`/job/${JOB_ID}/compare`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Job not found' }, { timeout: 5000 }),
    ).toBeTruthy();
  });
});
