import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JOB_CATEGORIES } from '../catalog/catalog';
import { ENHANCE_QUESTIONS_MAX, ENHANCER_WORDS, enhanceLocally, inventedFacts } from './enhance';
import { ASSISTANT_LIMITS } from './messages';

const enhance = (description: string, category = 'Plumbing') => enhanceLocally({ description, category });

describe("enhanceLocally: the customer's job, better written", () => {
  it("returns the customer's own sentences tidied, with no template prefix and no questions in it", () => {
    const { description, questions } = enhance(
      'kitchen tap has been dripping for a week and i cant stop it. its under the window. pls fix asap',
    );
    expect(description).toBe(
      "Kitchen tap has been dripping for a week and I can't stop it. Its under the window. Please fix as soon as possible.",
    );
    expect(description).not.toMatch(/What needs doing|Where in the home|Access:|Timing:|Questions/);
    expect(description).not.toContain('?');
    for (const question of questions) expect(description).not.toContain(question);
  });

  it.each([
    ['leaky tap, pls come asap', 'Leaking tap, please come as soon as possible.'],
    ['the fuse box keeps tripping', 'The consumer unit (fuse box) keeps tripping.'],
    ['need 2 new plug sockets w/ usb', 'Need 2 new sockets with usb.'],
    ['loo wont flush', "Toilet won't flush."],
    ['u can park on the drive, dont ring the bell', "You can park on the drive, don't ring the bell."],
    ['rads cold upstairs cos the boiler is old', 'Radiators cold upstairs because the boiler is old.'],
  ])("writes out shorthand and uses the trade's terms: %j", (input, expected) => {
    expect(enhance(input).description).toBe(expected);
  });

  it("keeps the customer's lines", () => {
    expect(enhance('Replace the bath panel.\nwhenever suits', 'Carpentry').description).toBe(
      'Replace the bath panel.\nWhenever suits.',
    );
  });

  it("reads an earlier enhancement's labels and checklist out of the description", () => {
    const old =
      'What needs doing: Kitchen tap drips.\n\nTiming: Whenever suits.\n\nQuestions you may want to answer:\n- Do you know the make of the boiler or fittings involved?';
    expect(enhance(old).description).toBe('Kitchen tap drips.\nWhenever suits.');
  });

  it('returns nothing for a description with no words', () => {
    expect(enhance('   \n  ')).toEqual({ description: '', questions: [] });
  });
});

describe('enhanceLocally: questions for this job', () => {
  const asked = (description: string, category = 'Plumbing') => enhance(description, category).questions;

  it('asks about a dripping tap, never about the boiler', () => {
    const questions = asked('The tap keeps dripping, can someone fix it?');
    expect(questions).toContain('Which tap is it: kitchen, bathroom or somewhere else?');
    expect(questions).toContain('How long has it been dripping or leaking?');
    expect(questions.join(' ')).not.toMatch(/boiler|make|consumer unit|roof/i);
  });

  it('leaves out what the description already says', () => {
    const questions = asked(
      'The kitchen mixer tap has been dripping for a week, please fix it as soon as possible.',
    );
    expect(questions.join(' ')).not.toMatch(/Which tap|How long|mixer|When would you like/);
  });

  it.each([
    ['the combi boiler keeps losing pressure', 'Plumbing', /make and model of the boiler/, /\btap\b|roof/i],
    ['toilet keeps running after flushing', 'Plumbing', /only toilet/, /boiler|tap/i],
    ['the lights in the hall flicker', 'Electrical', /repair, a replacement/, /boiler|tap|roof/i],
    ['power keeps tripping at night', 'Electrical', /whole home without power/, /boiler|tap|paint/i],
    ['a few slates came off the roof in the storm', 'Roofing', /pitched or flat/, /boiler|tap|paint/i],
    ['paint the living room', 'Painting', /walls, ceilings, woodwork/, /boiler|tap|roof/i],
    ['hedge and lawn need tidying', 'Gardening', /green waste/, /boiler|tap|roof|paint/i],
    ['need a clean before we move out', 'Cleaning', /end-of-tenancy/, /boiler|tap|roof/i],
    ['new laminate in the bedroom', 'Flooring', /What is on the floor now/, /boiler|tap|roof/i],
    ['hang a new internal door', 'Carpentry', /measurements/, /boiler|tap|roof/i],
  ])('asks about %j what matters for it', (description, category, expected, irrelevant) => {
    const questions = asked(description, category);
    expect(
      questions.some((q) => expected.test(q)),
      questions.join(' | '),
    ).toBe(true);
    expect(questions.join(' ')).not.toMatch(irrelevant);
  });

  it("falls back to the category's questions when the description names nothing known", () => {
    expect(asked('Something is wrong under the house', 'Plumbing')).toContain(
      'Is water leaking now, and can you turn it off at the stopcock?',
    );
    expect(asked('Some work needs doing around the house', 'Other').join(' ')).not.toMatch(/boiler|stopcock/);
  });

  it('asks at most three questions, each a question with no fact of its own', () => {
    fc.assert(
      fc.property(descriptions, fc.constantFrom(...JOB_CATEGORIES, 'Other'), (d, c) => {
        const { questions } = enhance(d, c);
        expect(questions.length).toBeLessThanOrEqual(ENHANCE_QUESTIONS_MAX);
        for (const q of questions) {
          expect(q).toMatch(/^[A-Z].*\?$/);
          expect(q).not.toMatch(/\d/);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('enhanceLocally: tidying', () => {
  const first = (description: string) => enhance(description).description.split('\n')[0]!;

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

  it('returns the description tidied when it is near the limit', () => {
    const description = `fix the leak. ${'the pipe under the bath drips. '.repeat(64)}`.trim();
    expect(description.length).toBeLessThanOrEqual(max);
    const text = enhance(description).description;
    expect(text.length).toBeLessThanOrEqual(max);
    expect(text).toMatch(/^Fix the leak\. The pipe under the bath drips\./);
  });

  it('returns the description itself when writing out shorthand would overflow', () => {
    const description = `${'asap '.repeat(399)}`.trim();
    expect(enhance(description).description).toBe(description);
  });

  it('never passes the limit for a description within it', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 20, maxLength: max }),
        fc.constantFrom(...JOB_CATEGORIES),
        (d, c) => {
          expect(enhance(d, c).description.length).toBeLessThanOrEqual(max);
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
    const once = enhance(description, category).description;
    expect(enhance(once, category).description).toBe(once);
  });

  it('holds for random descriptions', () => {
    fc.assert(
      fc.property(descriptions, fc.constantFrom(...JOB_CATEGORIES, 'Other'), (d, c) => {
        const once = enhance(d, c).description;
        expect(enhance(once, c).description).toBe(once);
      }),
      { numRuns: 1000 },
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

  it('finds none in any enhancement of any description, nor in its questions', () => {
    fc.assert(
      fc.property(descriptions, fc.constantFrom(...JOB_CATEGORIES, 'Other'), (d, c) => {
        const { description, questions } = enhance(d, c);
        expect(inventedFacts(d, description)).toEqual([]);
        for (const q of questions) expect(inventedFacts(d, q)).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });

  // Brands and places cannot be told from other words by a pattern, so the enhancer's own additions
  // are a closed list of plain words: every word of the result is the customer's or one of those.
  it('adds no word but its own plain ones: no number, brand or place the customer did not write', () => {
    const wordsOf = (text: string) => text.toLowerCase().match(/[a-z0-9']+/g) ?? [];
    for (const word of ENHANCER_WORDS) expect(word).toMatch(/^[a-z']+$/);
    expect([...ENHANCER_WORDS].filter((w) => /^(worcester|bosch|leeds|london|ideal|baxi)$/.test(w))).toEqual(
      [],
    );
    fc.assert(
      fc.property(descriptions, fc.constantFrom(...JOB_CATEGORIES, 'Other'), (d, c) => {
        const mine = new Set(wordsOf(d.replace(/(?<=\w)'(?=\w)/g, '')));
        for (const w of wordsOf(d)) mine.add(w);
        const added = wordsOf(enhance(d, c).description).filter(
          (w) => !mine.has(w) && !mine.has(w.replace(/'/g, '')) && !ENHANCER_WORDS.has(w),
        );
        expect(added).toEqual([]);
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
    'Worcester',
    'Bosch',
    'Leeds',
    'fuse box',
    'loo',
    'pls',
    'u',
    'dont',
    'w/',
    'leaky',
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
