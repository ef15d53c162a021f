import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JOB_CATEGORIES } from '../catalog/catalog';
import { enhanceLocally, inventedFacts } from './enhance';
import { ASSISTANT_LIMITS } from './messages';

const enhance = (description: string, category = 'Plumbing') => enhanceLocally({ description, category });

describe('enhanceLocally: structure', () => {
  it('groups a plumbing job into the parts it speaks to and asks the plumbing questions', () => {
    expect(
      enhance(
        'kitchen tap has been dripping for a week and i cant stop it. its under the window in the kitchen. ' +
          'parking on the driveway. can come any weekday morning',
      ),
    ).toBe(
      [
        'What needs doing: Kitchen tap has been dripping for a week and I cant stop it.',
        '',
        'Where in the home: Its under the window in the kitchen.',
        '',
        'Access: Parking on the driveway.',
        '',
        'Timing: Can come any weekday morning.',
        '',
        'Questions you may want to answer:',
        '- Is the water supply easy to turn off?',
        '- Do you know where the stopcock is?',
        '- Is anything leaking now, and is the leak contained?',
        '- Do you know the make of the boiler or fittings involved?',
      ].join('\n'),
    );
  });

  it('only labels the parts the text has', () => {
    const text = enhance('Need a new socket fitted next to the bed please.', 'Electrical');
    expect(text).toMatch(/^What needs doing: Need a new socket fitted next to the bed please\.\n\n/);
    expect(text).not.toMatch(/Where in the home:|Access:|Materials:|Timing:/);
  });

  it.each([
    ['Electrical', 'Do you know the age of the consumer unit?'],
    ['Carpentry', 'Do you have rough measurements for the work?'],
    ['Painting', 'Do the walls or woodwork need filling or other preparation?'],
    ['Roofing', 'What type of roof is it: pitched, flat, tiled or slate?'],
    ['Flooring', 'Does the old floor covering need lifting and taking away?'],
    ['Gardening', 'Does green waste need taking away?'],
    ['Cleaning', 'Is this an end-of-tenancy, deep or regular clean?'],
    ['Other', 'When would you like the work done?'],
    ['electrical', 'Do you know the age of the consumer unit?'],
  ])('asks %s questions, as questions', (category, question) => {
    const text = enhance('Some work needs doing around the house soon-ish.', category);
    expect(text).toContain(`\n- ${question}`);
    for (const line of text.split('\n').filter((l) => l.startsWith('- '))) expect(line).toMatch(/\?$/);
  });

  it('leaves out a question the description already answers', () => {
    const text = enhance('Paint the hallway walls. I have already bought the paint.', 'Painting');
    expect(text).toContain('Materials: I have already bought the paint.');
    expect(text).toContain('What needs doing: Paint the hallway walls.');
    expect(text).not.toContain('Will you choose and supply the paint?');
  });

  it('keeps the parts a customer labelled themselves', () => {
    expect(enhance('Replace the bath panel.\nTiming: whenever suits', 'Carpentry')).toMatch(
      /^What needs doing: Replace the bath panel\.\n\nTiming: Whenever suits\.\n\n/,
    );
  });

  it('returns nothing for a description with no words', () => {
    expect(enhance('   \n  ')).toBe('');
  });
});

describe('enhanceLocally: tidying', () => {
  const first = (description: string) =>
    enhance(description).split('\n')[0]!.replace('What needs doing: ', '');

  it('capitalises sentences and I, and ends each sentence', () => {
    expect(first("i think the pipe is cracked. i'm not sure  where")).toBe(
      "I think the pipe is cracked. I'm not sure where.",
    );
  });

  it.each([
    ['new COMBI-BOILER needed', 'New combi boiler needed.'],
    ['from 14th march, any tuesday', 'From 14th March, any Tuesday.'],
    ['swap the Consumer  Unit for one with rcds', 'Swap the consumer unit for one with RCDs.'],
    ['upvc door sticks', 'uPVC door sticks.'],
    ['replace u-pvc fascias', 'Replace uPVC fascias.'],
    ['patch the plaster board', 'Patch the plasterboard.'],
    ['need a plumer and an electrition', 'Need a plumber and an electrician.'],
    ['work must come with a gaurantee', 'Work must come with a guarantee.'],
    ['crack in the ceilling', 'Crack in the ceiling.'],
    ['is my installer gas safe registered', 'Is my installer Gas Safe registered.'],
  ])('writes trade terms properly: %j', (input, expected) => {
    expect(first(input)).toBe(expected);
  });

  it('trims spacing and punctuation without touching numbers', () => {
    expect(first('leak  under the sink , dripping!!! costs £1,200 ,maybe 1 .5 hours')).toBe(
      'Leak under the sink, dripping! Costs £1,200, maybe 1 .5 hours.',
    );
  });

  it('does not mistake an abbreviation for the end of a sentence', () => {
    expect(first('fit approx. ten metres of skirting, e.g. the hall')).toBe(
      'Fit approx. ten metres of skirting, e.g. the hall.',
    );
  });
});

describe('enhanceLocally: the length limit', () => {
  const max = ASSISTANT_LIMITS.enhanceMax;

  it('drops checklist questions first', () => {
    const description = `Fix the leak. ${'The pipe under the bath drips constantly. '.repeat(43)}`.trim();
    const text = enhance(description);
    expect(text.length).toBeLessThanOrEqual(max);
    expect(text).toContain('Questions you may want to answer:');
    expect(text).not.toContain('Do you know the make of the boiler or fittings involved?');
  });

  it('returns the description tidied, without labels or questions, when it alone is near the limit', () => {
    const description = `fix the leak. ${'the pipe under the bath drips. '.repeat(64)}`.trim();
    expect(description.length).toBeLessThanOrEqual(max);
    const text = enhance(description);
    expect(text.length).toBeLessThanOrEqual(max);
    expect(text).toMatch(/^Fix the leak\. The pipe under the bath drips\./);
    expect(text).not.toContain('What needs doing');
    expect(text).not.toContain('?');
  });

  it('returns the description itself when even tidying would overflow', () => {
    const description = `${'a'.repeat(max - 2)}\nb`;
    expect(enhance(description)).toBe(description);
  });

  it('never passes the limit for a description within it', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 20, maxLength: max }),
        fc.constantFrom(...JOB_CATEGORIES),
        (d, c) => {
          expect(enhance(d, c).length).toBeLessThanOrEqual(max);
        },
      ),
    );
  });
});

describe('enhanceLocally: idempotence', () => {
  it.each([
    ...JOB_CATEGORIES.map(
      (c) => [c, 'the boiler in the loft keeps cutting out. parking on the road. asap please'] as const,
    ),
    [
      'Other',
      'Access: side gate is open\nneed the fence panels replaced\n\nmaterials already bought',
    ] as const,
  ])('adds nothing when a %s description is enhanced twice', (category, description) => {
    const once = enhance(description, category);
    expect(enhance(once, category)).toBe(once);
  });

  it('holds for random descriptions', () => {
    fc.assert(
      fc.property(descriptions, fc.constantFrom(...JOB_CATEGORIES, 'Other'), (d, c) => {
        const once = enhance(d, c);
        expect(enhance(once, c)).toBe(once);
      }),
      { numRuns: 500 },
    );
  });
});

describe('inventedFacts', () => {
  it.each([
    ['Fix the tap', 'Fix the tap within 2 days', ['2 days']],
    ['Budget about £50', 'Budget about £50 to £80', ['£80']],
    ['Shelf 50 wide', 'Shelf 50mm wide', ['50mm']],
    ['Start in June', 'Start on 3rd June', ['3rd June']],
    ['Start on 12/05', 'Start on 12/06', ['12/06']],
    ['Near SW1A 1AA', 'Near SW1A 2AA', ['SW1A 2AA']],
    ['Paint the hall', 'Paint the hall, two coats, 10% off on Monday', ['two', '10%', 'Monday']],
    ['Fit the radiator', 'Fit the 1.5 kW radiator by 10am tomorrow', ['1.5 kW', '10am', 'tomorrow']],
  ])('finds what %j does not say in %j', (original, enhanced, invented) => {
    expect(inventedFacts(original, enhanced)).toEqual(invented);
  });

  it.each([
    ['Budget £1,200', 'Budget: £1200'],
    ['About 5 metres of fence', 'About 5m of fence'],
    ['Quote £50', 'Quote 50'],
    ['two taps', '2 taps'],
    ['sw1a1aa', 'Postcode SW1A 1AA, in SW1A'],
    ['by the 3rd of June', 'By June 3, in June'],
    ['at 10:30 am', 'at 10.30AM'],
    ['5k pounds', '£5,000'],
  ])('accepts %j restated as %j', (original, enhanced) => {
    expect(inventedFacts(original, enhanced)).toEqual([]);
  });

  it('finds none in any enhancement of any description', () => {
    fc.assert(
      fc.property(descriptions, fc.constantFrom(...JOB_CATEGORIES, 'Other'), (d, c) => {
        expect(inventedFacts(d, enhance(d, c))).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });
});

/** Random descriptions mixing words, numbers, units, prices, dates, postcodes, punctuation and lines. */
const descriptions = (() => {
  const words = fc.constantFrom(
    'fix',
    'the',
    'i',
    'tap',
    'kitchen',
    'parking',
    'asap',
    'materials',
    'bought',
    'plumer',
    'upvc',
    'rcd',
    'combi',
    'boiler',
    'consumer',
    'unit',
    'a',
    'am',
    'pm',
    'p',
    'm',
    'k',
    'of',
    'may',
    'june',
    'monday',
    'per',
    'cent',
    'two',
    'one',
    'dozen',
    'today',
    'e.g.',
    'approx.',
    'What needs doing:',
    'Timing:',
    'Questions you may want to answer:',
    '- Is the water supply easy to turn off?',
    'sw1a',
    '1aa',
    'M5',
  );
  const numbers = fc.oneof(
    fc.nat({ max: 3000 }).map(String),
    fc.double({ min: 0, max: 100, noNaN: true }).map((n) => n.toFixed(2)),
    fc.constantFrom('1,200', '05', '2024', '1.5', '10:30', '12/05/2025', '3rd', '2-3'),
  );
  const units = fc.constantFrom(
    'mm',
    'cm',
    'm',
    'metres',
    'ft',
    'kW',
    'kw',
    '%',
    'days',
    'weeks',
    'sq m',
    'm2',
  );
  const prices = fc.oneof(
    fc.nat({ max: 5000 }).map((n) => `£${n}`),
    fc.constantFrom('£1,250.50', '£5k', '50p', '20 pounds', '£ 30'),
  );
  const dates = fc.constantFrom(
    '3 June',
    'June 3rd',
    '1st of may',
    'may 2',
    '12/05',
    '2025-06-03',
    'tomorrow',
  );
  const punctuation = fc.constantFrom(
    '.',
    ',',
    '!',
    '?',
    ':',
    ';',
    '!!',
    ' .',
    ' ,',
    '(',
    ')',
    '"',
    '-',
    '/',
  );
  const separators = fc.constantFrom(' ', ' ', ' ', '', '  ', '\n', '\n\n', '\t', '\u00a0', '. ', ', ');
  const token = fc.oneof(
    { arbitrary: words, weight: 5 },
    { arbitrary: numbers, weight: 3 },
    { arbitrary: units, weight: 2 },
    { arbitrary: prices, weight: 1 },
    { arbitrary: dates, weight: 1 },
    { arbitrary: punctuation, weight: 2 },
  );
  return fc
    .array(fc.tuple(token, separators), { minLength: 1, maxLength: 60 })
    .map((parts) => parts.map(([t, s]) => t + s).join(''));
})();
