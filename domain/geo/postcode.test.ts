import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  normalisePostcode,
  POSTCODE_MESSAGES,
  parseOutcode,
  parsePostcode,
  postcodeSchema,
} from './postcode';

describe('normalisePostcode', () => {
  it.each([
    ['sw1a1aa', 'SW1A 1AA'],
    ['SW1A 1AA', 'SW1A 1AA'],
    ['  sw1a 1aa  ', 'SW1A 1AA'],
    ['SW1A   1AA', 'SW1A 1AA'],
    ['SW1A\t1AA', 'SW1A 1AA'],
    ['SW1 A1AA', 'SW1A 1AA'],
    ['m11ae', 'M1 1AE'],
    ['ec1a1bb', 'EC1A 1BB'],
    ['w1a0ax', 'W1A 0AX'],
    ['gir0aa', 'GIR 0AA'],
  ])('turns %j into %j', (input, expected) => {
    expect(normalisePostcode(input)).toBe(expected);
  });

  it('only trims, upper-cases and collapses spaces in text that is not a postcode', () => {
    expect(normalisePostcode('  not  a postcode ')).toBe('NOT A POSTCODE');
  });
});

describe('parsePostcode', () => {
  it('splits a valid postcode into its parts', () => {
    expect(parsePostcode('sw1a1aa')).toEqual({
      ok: true,
      postcode: 'SW1A 1AA',
      outcode: 'SW1A',
      sector: 'SW1A 1',
      area: 'SW',
      inward: '1AA',
    });
  });

  it.each([
    'M1 1AE',
    'B33 8TH',
    'CR2 6XH',
    'DN55 1PT',
    'W1A 0AX',
    'EC1A 1BB',
    'al11aa',
    'BT1 1AA',
    'JE2 3AB',
    'GIR 0AA',
    'SW1A  1AA',
  ])('accepts %j', (input) => {
    expect(parsePostcode(input).ok).toBe(true);
  });

  it.each([
    '',
    '   ',
    'SW1A',
    'SW1A 1A',
    '1AA SW1A',
    'SWW1A 1AA',
    'S1A 1AA A',
    'SW1A 1A1',
    'SW1A-1AA',
    'Q',
    'BFPO 1234',
    'ASCN 1ZZ',
    'NPT 0AD',
    'M1 1Aß',
  ])('rejects %j as an invalid UK postcode', (input) => {
    expect(parsePostcode(input)).toEqual({ ok: false, message: 'Invalid UK postcode format' });
  });

  it('rejects input longer than 10 characters as too long before checking its format', () => {
    expect(parsePostcode('SW1A 1AA 12')).toEqual({ ok: false, message: 'Postcode is too long' });
    expect(parsePostcode('SW1A     1AA')).toEqual({ ok: false, message: 'Postcode is too long' });
    expect(parsePostcode('this is not a postcode')).toEqual({
      ok: false,
      message: POSTCODE_MESSAGES.tooLong,
    });
  });

  it('measures the length after trimming, so surrounding spaces do not count', () => {
    expect(parsePostcode('     SW1A 1AA     ')).toMatchObject({ ok: true, postcode: 'SW1A 1AA' });
  });
});

describe('parseOutcode', () => {
  it.each([
    ['m1', 'M1', 'M'],
    ['SW1A', 'SW1A', 'SW'],
    [' al1 ', 'AL1', 'AL'],
    ['BT48', 'BT48', 'BT'],
  ])('parses %j as district %s in area %s', (input, outcode, area) => {
    expect(parseOutcode(input)).toEqual({ ok: true, outcode, area });
  });

  it.each(['M', 'SW1A 1AA', '1M', 'London'])('rejects %j', (input) => {
    expect(parseOutcode(input)).toEqual({ ok: false, message: POSTCODE_MESSAGES.invalid });
  });
});

describe('postcodeSchema', () => {
  it('outputs the normalised postcode', () => {
    expect(postcodeSchema.parse('  sw1a1aa ')).toBe('SW1A 1AA');
  });

  it('reports the spec message for a malformed postcode', () => {
    const result = postcodeSchema.safeParse('ABC');
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Invalid UK postcode format']);
  });

  it('reports the spec message for a postcode longer than 10 characters', () => {
    const result = postcodeSchema.safeParse('SW1A 1AA XYZ');
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Postcode is too long']);
  });

  it('refuses a value that is not a string with the format message', () => {
    expect(postcodeSchema.safeParse(12345).error?.issues[0]?.message).toBe('Invalid UK postcode format');
  });
});

describe('normalisation properties', () => {
  const letter = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz');
  const digit = fc.constantFrom(...'0123456789');
  const space = fc.constantFrom(' ', '  ', '\t', '');
  // Mostly postcode-shaped strings (with random case and spacing), plus arbitrary text.
  const postcodeLike = fc
    .tuple(
      space,
      fc.array(letter, { minLength: 1, maxLength: 2 }),
      digit,
      fc.option(fc.oneof(letter, digit), { nil: '' }),
      space,
      digit,
      fc.array(letter, { minLength: 2, maxLength: 2 }),
      space,
    )
    .map(([lead, area, d, extra, gap, sector, unit, trail]) =>
      [lead, area.join(''), d, extra, gap, sector, unit.join(''), trail].join(''),
    );
  const input = fc.oneof(
    postcodeLike,
    fc.string({ maxLength: 14 }),
    fc.string({ unit: 'grapheme', maxLength: 12 }),
  );

  it('normalisePostcode is idempotent', () => {
    fc.assert(
      fc.property(input, (value) => {
        const once = normalisePostcode(value);
        expect(normalisePostcode(once)).toBe(once);
      }),
    );
  });

  it('parsePostcode gives the same answer for the normalised input', () => {
    fc.assert(
      fc.property(input, (value) => {
        // Normalising can drop extra inner spaces, so an over-long input may become short enough:
        // the length rule is on what was typed, and only those inputs may disagree.
        fc.pre(value.trim().length <= 10);
        expect(parsePostcode(normalisePostcode(value))).toEqual(parsePostcode(value));
      }),
    );
  });

  it('a postcode that parses normalises to the parsed form', () => {
    fc.assert(
      fc.property(postcodeLike, (value) => {
        const parsed = parsePostcode(value);
        if (parsed.ok) expect(normalisePostcode(value)).toBe(parsed.postcode);
      }),
    );
  });
});
