import { describe, expect, it } from 'vitest';
import { postJobSchema, QuoteBody } from './schemas';

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
  ])('refuses %j with the spec message', (change, message) => {
    expect(first({ ...valid, ...change })).toBe(message);
  });
});

describe('quoting', () => {
  it('reads pounds with up to 2 decimals into pence', () => {
    expect(QuoteBody.parse({ amount: '£19.99', message: ' On it ' })).toEqual({
      amount: 1999,
      message: 'On it',
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
