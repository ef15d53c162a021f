import { describe, expect, it } from 'vitest';
import {
  aYearAfter,
  createBookingSchema,
  isCalendarDate,
  postJobSchema,
  QuoteBody,
  quoteSchema,
} from './schemas';

const schema = postJobSchema(() => '2026-06-15');
const valid = {
  title: 'Fix a leaking tap',
  category: 'Plumbing',
  description: 'The kitchen tap drips constantly and needs a new washer.',
  budgetMin: '50',
  budgetMax: '150',
  postcode: 'm1 1ae',
  preferredStartDate: '2026-06-15',
};
const first = (input: object) => {
  const r = schema.safeParse(input);
  return r.success ? undefined : r.error.issues[0]?.message;
};

describe('posting a job', () => {
  it('normalises a valid job: pence budgets, postcode, date', () => {
    expect(schema.parse(valid)).toMatchObject({
      budgetMin: 5000,
      budgetMax: 15000,
      postcode: 'M1 1AE',
      preferredStartDate: '2026-06-15',
    });
    expect(schema.parse({ ...valid, budgetMin: '', budgetMax: null, preferredStartDate: '' })).toMatchObject({
      budgetMin: null,
      budgetMax: null,
      preferredStartDate: null,
    });
  });

  it.each([
    [{ title: 'Tap' }, 'Title must be at least 5 characters'],
    [{ title: 'x'.repeat(101) }, 'Title must be less than 100 characters'],
    [{ description: 'Too short' }, 'Description must be at least 20 characters'],
    [{ description: 'x'.repeat(2001) }, 'Description must be less than 2000 characters'],
    [{ category: '' }, 'Please select a category'],
    [{ category: 'Juggling' }, 'Please select a category'],
    [{ budgetMin: '-1' }, 'Budget must be a positive number'],
    [{ budgetMin: 'lots' }, 'Budget must be a positive number'],
    [
      { budgetMin: '200', budgetMax: '100' },
      'Maximum budget must be greater than or equal to minimum budget',
    ],
    [{ postcode: 'NOT A CODE' }, 'Invalid UK postcode format'],
    [{ postcode: 'SW1A 1AA 12345' }, 'Postcode is too long'],
    [{ preferredStartDate: '2026-06-14' }, 'Start date cannot be in the past'],
    [{ preferredStartDate: '2027-02-30' }, 'Please enter a valid date'],
    [{ preferredStartDate: '2026-13-01' }, 'Please enter a valid date'],
  ])('refuses %j with the spec message', (change, message) => {
    expect(first({ ...valid, ...change })).toBe(message);
  });

  // The spec: 'budgets optional, numeric, at least 0 ('Budget must be a positive number')'. The
  // message says positive, the rule says at least 0, and the rule is what the spec fixes.
  it('takes a budget of £0, as the spec says at least 0, and refuses anything below', () => {
    expect(schema.parse({ ...valid, budgetMin: 0, budgetMax: '0' })).toMatchObject({
      budgetMin: 0,
      budgetMax: 0,
    });
    expect(first({ ...valid, budgetMin: -1 })).toBe('Budget must be a positive number');
    expect(first({ ...valid, budgetMax: '-0.5' })).toBe('Budget must be a positive number');
  });
});

describe('quoting', () => {
  it('reads pounds with up to 2 decimals into pence', () => {
    expect(QuoteBody.parse({ amount: '£19.99', message: ' On it ' })).toEqual({
      amount: 1999,
      message: 'On it',
      lineItems: null,
      validUntil: null,
      exclusions: null,
      estimatedStart: null,
      estimatedDurationDays: null,
    });
  });

  it.each([
    [{ amount: '', message: 'x' }, 'Please enter an amount'],
    [{ amount: '0', message: 'x' }, 'The amount must be more than £0'],
    [{ amount: '1000000.01', message: 'x' }, 'The amount must be at most £1,000,000'],
    [{ amount: '19.999', message: 'x' }, 'Enter an amount in pounds, like 250 or 249.99'],
    [{ amount: '10', message: '   ' }, 'Please enter a message'],
  ])('refuses %j', (input, message) => {
    const r = QuoteBody.safeParse(input);
    expect(r.success ? undefined : r.error.issues[0]?.message).toBe(message);
  });
});

describe('calendar dates', () => {
  it.each([
    ['2026-06-15', true],
    ['2028-02-29', true],
    ['2000-02-29', true],
    ['2027-02-29', false],
    ['1900-02-29', false],
    ['2027-02-30', false],
    ['2027-04-31', false],
    ['2027-01-32', false],
    ['2026-13-01', false],
    ['2026-00-10', false],
    ['2026-06-00', false],
    ['0000-01-01', false],
    ['2026-6-15', false],
    ['2026-06-15T00:00:00Z', false],
  ])('%s is a calendar date: %s', (date, real) => {
    expect(isCalendarDate(date)).toBe(real);
  });

  it('finds the same day a year later, 29 February becoming the 28th', () => {
    expect(aYearAfter('2026-06-15')).toBe('2027-06-15');
    expect(aYearAfter('2028-02-29')).toBe('2029-02-28');
    expect(aYearAfter('2026-12-31')).toBe('2027-12-31');
  });
});

describe('booking a date', () => {
  const booking = createBookingSchema(() => '2026-06-15');
  const quoteId = '6f1c1b2e-6a43-4d5e-9a7b-2f0c1d3e4f5a';
  const message = (scheduledDate: unknown) => {
    const r = booking.safeParse({ quoteId, scheduledDate });
    return r.success ? undefined : r.error.issues.map((i) => i.message);
  };

  it('takes any day from today to a year from today', () => {
    expect(message('2026-06-15')).toBeUndefined();
    expect(message('2027-06-15')).toBeUndefined();
  });

  it.each([
    [undefined, 'Please select a date'],
    ['', 'Please select a date'],
    ['tomorrow', 'Please select a date'],
    ['2026-13-01', 'Please select a date'],
    ['2027-02-29', 'Please select a date'],
    ['2027-01-32', 'Please select a date'],
    ['2026-06-14', 'Please choose a date from today onwards'],
    ['2027-06-16', 'Please choose a date no more than a year from today'],
    ['9999-12-31', 'Please choose a date no more than a year from today'],
  ])('refuses %j with one message: %s', (date, expected) => {
    expect(message(date)).toEqual([expected]);
  });
});

describe('an itemised quote', () => {
  const quote = quoteSchema(() => '2026-06-15');
  const items = [
    { kind: 'labour', description: 'Fit radiator', quantity: '3', unitPrice: '45' },
    { kind: 'materials', description: 'Radiator', quantity: 1, unitPrice: '120.50' },
  ];
  const firstIssue = (input: object) => {
    const r = quote.safeParse(input);
    return r.success ? undefined : { path: r.error.issues[0]?.path, message: r.error.issues[0]?.message };
  };

  it('computes the amount from the items when none is sent', () => {
    const parsed = quote.parse({ message: 'Two days', lineItems: items });
    expect(parsed.amount).toBe(25_550);
    expect(parsed.lineItems).toHaveLength(2);
  });

  it('takes an amount equal to the total and refuses one that differs, naming the total', () => {
    expect(quote.parse({ amount: '255.50', message: 'x', lineItems: items }).amount).toBe(25_550);
    expect(firstIssue({ amount: '255', message: 'x', lineItems: items })).toEqual({
      path: ['amount'],
      message: "The amount must equal the items' total of £255.50, or be left out",
    });
  });

  it('still needs an amount without items', () => {
    expect(firstIssue({ message: 'x' })).toEqual({ path: ['amount'], message: 'Please enter an amount' });
    expect(firstIssue({ message: 'x', lineItems: [] })?.message).toBe('Add at least one item');
  });

  it('keeps the optional terms, trimmed, blank as null', () => {
    const parsed = quote.parse({
      amount: 100,
      message: 'x',
      validUntil: '2026-07-01',
      exclusions: '  Skip hire  ',
      estimatedStart: '2026-06-15',
      estimatedDurationDays: '3',
    });
    expect(parsed).toMatchObject({
      validUntil: '2026-07-01',
      exclusions: 'Skip hire',
      estimatedStart: '2026-06-15',
      estimatedDurationDays: 3,
    });
    expect(quote.parse({ amount: 100, message: 'x', exclusions: ' ', validUntil: '' })).toMatchObject({
      exclusions: null,
      validUntil: null,
    });
  });

  it.each([
    [{ validUntil: '2026-06-14' }, ['validUntil'], 'A quote must be valid until today or later'],
    [{ validUntil: '2027-06-16' }, ['validUntil'], 'A quote can be valid for at most a year'],
    [{ validUntil: '2026-02-30' }, ['validUntil'], 'Please enter a valid date'],
    [{ estimatedStart: '2026-06-14' }, ['estimatedStart'], 'The estimated start cannot be in the past'],
    [
      { estimatedStart: '2027-06-16' },
      ['estimatedStart'],
      'The estimated start must be within a year from today',
    ],
    [
      { estimatedDurationDays: 0 },
      ['estimatedDurationDays'],
      'Estimated duration must be a whole number of days from 1 to 365',
    ],
    [
      { estimatedDurationDays: '1.5' },
      ['estimatedDurationDays'],
      'Estimated duration must be a whole number of days from 1 to 365',
    ],
    [
      { estimatedDurationDays: 366 },
      ['estimatedDurationDays'],
      'Estimated duration must be a whole number of days from 1 to 365',
    ],
    [{ exclusions: 'x'.repeat(2001) }, ['exclusions'], 'Exclusions must be at most 2000 characters'],
  ])('refuses %j', (extra, path, message) => {
    expect(firstIssue({ amount: 100, message: 'x', ...extra })).toEqual({ path, message });
  });

  it('accepts the last day of the year ahead', () => {
    expect(quote.parse({ amount: 1, message: 'x', validUntil: '2027-06-15' }).validUntil).toBe('2027-06-15');
  });
});

describe('an empty quote form', () => {
  it('says what is wrong with the amount first and the message after, both at once', () => {
    const r = QuoteBody.safeParse({ amount: '', message: '' });
    expect(r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['amount', 'Please enter an amount'],
      ['message', 'Please enter a message'],
    ]);
  });
});
