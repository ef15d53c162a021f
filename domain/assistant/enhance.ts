import { JOB_CATEGORIES } from '../catalog/catalog';
import { ASSISTANT_LIMITS } from './messages';

// Enhance with AI without a model (the `local` provider, and the `openai` provider's fallback): the
// customer's own sentences, tidied and grouped under short labels, then questions the customer may want
// to answer. Nothing is added that could be read as a fact about the job; `inventedFacts` checks that,
// for this and for any model's rewrite. Pure: the browser may run it too.

// ---- Facts: what a rewrite must never add ----

/** Whitespace within a line: no fact spans a line break, so regrouping lines never joins two into one. */
const H = String.raw`[^\S\r\n]`;
const NUM = String.raw`(?<!\d)\d+(?:,\d{3})*(?:\.\d+)?(?!\d)`;
const DAY = String.raw`(?<!\d)\d{1,2}(?:st|nd|rd|th)?(?!\d)`;
// Abbreviations and "May" are months only next to a day number ("may" is mostly a verb).
const MONTH = `(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)`;
const FULL_MONTH = `(?:january|february|march|april|june|july|august|september|october|november|december)`;
const WEEKDAY = `(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?`;

/** Units a measurement may carry, each with the form it is compared in. */
const UNITS: Record<string, string> = {
  mm: 'mm',
  millimetres: 'mm',
  cm: 'cm',
  centimetres: 'cm',
  m: 'm',
  metre: 'm',
  metres: 'm',
  meter: 'm',
  meters: 'm',
  km: 'km',
  ft: 'ft',
  foot: 'ft',
  feet: 'ft',
  inch: 'in',
  inches: 'in',
  m2: 'm2',
  'm²': 'm2',
  sqm: 'm2',
  'sq m': 'm2',
  'square metres': 'm2',
  'square meters': 'm2',
  'sq ft': 'ft2',
  'square feet': 'ft2',
  kw: 'kw',
  w: 'w',
  watts: 'w',
  v: 'v',
  volts: 'v',
  amp: 'a',
  amps: 'a',
  l: 'l',
  litre: 'l',
  litres: 'l',
  liter: 'l',
  liters: 'l',
  kg: 'kg',
  kilos: 'kg',
  tonnes: 't',
  mins: 'min',
  minute: 'min',
  minutes: 'min',
  hr: 'h',
  hrs: 'h',
  hour: 'h',
  hours: 'h',
  day: 'day',
  days: 'day',
  week: 'week',
  weeks: 'week',
  month: 'month',
  months: 'month',
  yr: 'year',
  yrs: 'year',
  year: 'year',
  years: 'year',
};
const UNIT = Object.keys(UNITS)
  .sort((a, b) => b.length - a.length)
  .map((u) => u.replace(' ', `${H}+`))
  .join('|');

const NUMBER_WORDS: Record<string, number> = {
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
  hundred: 100,
  thousand: 1000,
  million: 1_000_000,
  dozen: 12,
};

// One pattern per kind of fact, tried at each position in this order. "one" is left out of the number
// words: it is mostly a pronoun ("the old one"), and would reject most rewrites.
const FACT = new RegExp(
  [
    String.raw`(?<postcode>(?<![A-Za-z\d])[A-Za-z]{1,2}\d[A-Za-z\d]?${H}*\d[A-Za-z]{2}(?![A-Za-z\d]))`,
    String.raw`(?<outcode>(?<![A-Za-z\d])[A-Za-z]{1,2}\d[A-Za-z\d]?(?![A-Za-z\d]))`,
    String.raw`(?<numericDate>(?<!\d)(?:\d{4}-\d{1,2}-\d{1,2}|\d{1,2}[/-]\d{1,2}(?:[/-]\d{2,4})?|\d{1,2}\.\d{1,2}\.\d{2,4})(?![\d/-]))`,
    String.raw`(?<time>(?<!\d)\d{1,2}(?:[:.]\d{2})?${H}*(?:[ap]m|[ap]\.m\.?)(?![A-Za-z])|(?<!\d)\d{1,2}:\d{2}(?!\d))`,
    `(?<dayMonth>${DAY}${H}+(?:of${H}+)?${MONTH}(?![A-Za-z]))`,
    `(?<monthDay>(?<![A-Za-z])${MONTH}${H}+${DAY})`,
    `(?<price>£${H}*${NUM}(?:${H}*k(?![A-Za-z]))?|${NUM}${H}*(?:k${H}*)?(?:pounds?|quid|gbp|p|pence)(?![A-Za-z]))`,
    `(?<percent>${NUM}${H}*(?:%|per${H}*cent(?![A-Za-z])))`,
    String.raw`(?<measure>${NUM}${H}*(?:${UNIT})(?![A-Za-z\d]))`,
    `(?<number>${NUM})`,
    `(?<month>(?<![A-Za-z])${FULL_MONTH}(?![A-Za-z]))`,
    `(?<weekday>(?<![A-Za-z])${WEEKDAY}(?![A-Za-z]))`,
    `(?<relative>(?<![A-Za-z])(?:today|tomorrow|tonight|yesterday)(?![A-Za-z]))`,
    `(?<word>(?<![A-Za-z])(?:${Object.keys(NUMBER_WORDS).join('|')})(?![A-Za-z]))`,
  ].join('|'),
  'gi',
);
const NUMBERS = new RegExp(
  `${NUM}|(?<![A-Za-z])(?:${Object.keys(NUMBER_WORDS).join('|')})(?![A-Za-z])`,
  'gi',
);

interface Fact {
  text: string;
  key: string;
  /** Facts a rewrite may state on their own: the month of a date, the outward code of a postcode. */
  parts: string[];
}

const value = (num: string): string => String(Number(num.replace(/,/g, '')));
const numberIn = (text: string): string => text.match(/\d+(?:,\d{3})*(?:\.\d+)?/)?.[0] ?? '';
const monthIn = (text: string): string => text.match(new RegExp(MONTH, 'i'))![0].slice(0, 3).toLowerCase();
const numberKey = (token: string): string =>
  `n:${/\d/.test(token) ? value(token) : NUMBER_WORDS[token.toLowerCase()]}`;

function factOf(m: RegExpMatchArray): Fact {
  const text = m[0];
  const lower = text.toLowerCase();
  const g = m.groups!;
  if (g.postcode) {
    const compact = text.replace(/\s/g, '').toUpperCase();
    return { text, key: `pc:${compact}`, parts: [`pc:${compact.slice(0, -3)}`] };
  }
  if (g.outcode) return { text, key: `pc:${text.toUpperCase()}`, parts: [] };
  if (g.numericDate) return { text, key: `d:${text.split(/[/.-]/).map(value).join('/')}`, parts: [] };
  if (g.time) return { text, key: `t:${lower.replace(/[\s.:]/g, '')}`, parts: [] };
  if (g.dayMonth || g.monthDay) {
    const month = monthIn(text.replace(/^\d+(?:st|nd|rd|th)?/i, ''));
    return { text, key: `d:${value(numberIn(text))} ${month}`, parts: [`m:${month}`] };
  }
  if (g.price) {
    const num = numberIn(text);
    const after = lower.slice(lower.indexOf(num) + num.length).trim();
    const n = Number(value(num));
    const pounds = after.startsWith('k') ? n * 1000 : after === 'p' || after === 'pence' ? n / 100 : n;
    return { text, key: `£${pounds}`, parts: [`n:${pounds}`] };
  }
  if (g.percent) return { text, key: `%${value(numberIn(text))}`, parts: [] };
  if (g.measure) {
    const unit = lower.slice(numberIn(text).length).trim().replace(/\s+/g, ' ');
    return { text, key: `u:${value(numberIn(text))}${UNITS[unit]}`, parts: [] };
  }
  if (g.number || g.word) return { text, key: numberKey(text), parts: [] };
  if (g.month) return { text, key: `m:${lower.slice(0, 3)}`, parts: [] };
  if (g.weekday) return { text, key: `w:${lower.slice(0, 3)}`, parts: [] };
  return { text, key: `r:${lower}`, parts: [] };
}

const factsIn = (text: string): Fact[] => [...text.matchAll(FACT)].map(factOf);

/**
 * The numbers, dates, prices, measurements and postcodes `enhanced` states that `original` does not,
 * as written in `enhanced`. A number the original has may appear on its own ("£50" → "50"), but not with
 * a unit, a currency or a date it did not have ("50" → "50mm"). Brands and names are not checked: they
 * cannot be told reliably from other capitalised words.
 */
export function inventedFacts(original: string, enhanced: string): string[] {
  const known = new Set<string>();
  for (const fact of factsIn(original)) for (const key of [fact.key, ...fact.parts]) known.add(key);
  for (const [token] of original.matchAll(NUMBERS)) known.add(numberKey(token));
  const invented = factsIn(enhanced)
    .filter((fact) => !known.has(fact.key))
    .map((fact) => fact.text);
  return [...new Set(invented)];
}

// ---- The local enhancer ----

type Section = 'what' | 'where' | 'access' | 'materials' | 'timing';

const LABELS: Record<Section, string> = {
  what: 'What needs doing',
  where: 'Where in the home',
  access: 'Access',
  materials: 'Materials',
  timing: 'Timing',
};
const SECTIONS = Object.keys(LABELS) as Section[];
const LABEL_LINE = new RegExp(`^(${Object.values(LABELS).join('|')})${H}*:${H}*`, 'i');

// A sentence goes to the first part whose words it uses; the first sentence is always what needs doing,
// since that is where people say what they want.
const SECTION_WORDS: [Section, RegExp][] = [
  [
    'access',
    /\b(access|parking|park|parked|driveway|permit|keys?|gates?|ladders?|scaffold(ing)?|stairs|staircase|steps|dogs?|cats?|pets?|let (you|them) in|entrance|narrow|loft hatch|concierge)\b/i,
  ],
  [
    'timing',
    /\b(asap|urgent(ly)?|emergency|soon|today|tomorrow|tonight|this week|next week|weekends?|weekdays?|mornings?|afternoons?|evenings?|deadline|flexible|whenever|monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|june|july|august|september|october|november|december|christmas|easter)\b/i,
  ],
  [
    'materials',
    /\b(materials?|supply|supplied|supplying|provide|provided|bought|buy|buying|purchased?|already have|parts|skip|dispose|disposal)\b/i,
  ],
  [
    'where',
    /\b(kitchen|bathroom|en-?suite|bedrooms?|living room|lounge|dining room|hall|hallway|landing|loft|attic|garage|garden|shed|conservatory|utility room|cellar|basement|porch|upstairs|downstairs|ground floor|first floor|airing cupboard|under the sink)\b/i,
  ],
];

interface Question {
  text: string;
  /** Left out when the description already has this part. */
  answeredBy?: Section;
}

const CHECKLISTS: Record<string, Question[]> = {
  Plumbing: [
    { text: 'Is the water supply easy to turn off?' },
    { text: 'Do you know where the stopcock is?' },
    { text: 'Is anything leaking now, and is the leak contained?' },
    { text: 'Do you know the make of the boiler or fittings involved?' },
  ],
  Electrical: [
    { text: 'Do you know the age of the consumer unit?' },
    { text: 'Does the consumer unit have RCD protection?' },
    { text: 'Will you need an electrical safety certificate for the work?' },
    { text: 'Is the work indoors, outdoors or both?', answeredBy: 'where' },
  ],
  Carpentry: [
    { text: 'Do you have rough measurements for the work?' },
    { text: 'Will you supply the timber, or should the tradesperson?', answeredBy: 'materials' },
    { text: 'What finish would you like: painted, stained or varnished?' },
    { text: 'Is there anything existing to remove first?' },
  ],
  Painting: [
    { text: 'Which rooms or surfaces need painting?', answeredBy: 'where' },
    { text: 'Do the walls or woodwork need filling or other preparation?' },
    { text: 'Will you choose and supply the paint?', answeredBy: 'materials' },
    { text: 'Will furniture need moving or covering?' },
  ],
  Roofing: [
    { text: 'What type of roof is it: pitched, flat, tiled or slate?' },
    { text: 'Is there safe access, or will scaffolding be needed?', answeredBy: 'access' },
    { text: 'Is there a leak now, and where does it show inside?' },
    { text: 'Do you know when the roof was last worked on?' },
  ],
  Flooring: [
    { text: 'What is the floor now, and what would you like instead?' },
    { text: 'Does the old floor covering need lifting and taking away?' },
    { text: 'Will the rooms be empty, or does furniture need moving?' },
    { text: 'Will you supply the flooring?', answeredBy: 'materials' },
  ],
  Gardening: [
    { text: 'Roughly how big is the area?' },
    { text: 'Does green waste need taking away?' },
    { text: 'Can the garden be reached without going through the house?', answeredBy: 'access' },
    { text: 'Is this a single visit or regular work?' },
  ],
  Cleaning: [
    { text: 'Which rooms need cleaning?', answeredBy: 'where' },
    { text: 'Is this an end-of-tenancy, deep or regular clean?' },
    { text: 'Will you provide cleaning products and equipment?', answeredBy: 'materials' },
    { text: 'Are there pets in the home?' },
  ],
};
const GENERIC_CHECKLIST: Question[] = [
  { text: 'Where in the home is the work?', answeredBy: 'where' },
  { text: 'When would you like the work done?', answeredBy: 'timing' },
  { text: 'Is there parking and easy access?', answeredBy: 'access' },
  { text: 'Will you supply any materials?', answeredBy: 'materials' },
];
const CHECKLIST_HEADING = 'Questions you may want to answer:';
const ALL_QUESTIONS = new Set([...Object.values(CHECKLISTS), GENERIC_CHECKLIST].flat().map((q) => q.text));

function checklistFor(category: string): Question[] {
  const name = JOB_CATEGORIES.find((c) => c.toLowerCase() === category.trim().toLowerCase());
  return name ? CHECKLISTS[name]! : GENERIC_CHECKLIST;
}

// Trade terms as the trades write them, and common misspellings. Digits are never touched.
const TERMS: [RegExp, string][] = [
  [/\bcombi\s*-?\s*boiler(s?)\b/i, 'combi boiler$1'],
  [/\bconsumer\s+unit(s?)\b/i, 'consumer unit$1'],
  [/\bplaster\s*-?\s*board(s?)\b/i, 'plasterboard$1'],
  [/\brcd(s?)\b/i, 'RCD$1'],
  [/\brcbo(s?)\b/i, 'RCBO$1'],
  [/\bu-?pvc\b/i, 'uPVC'],
  [/\bgas\s+safe\b/i, 'Gas Safe'],
  [/\bpart\s+p\b/i, 'Part P'],
  [/\bdiy\b/i, 'DIY'],
  [/\bplum+er(s?)\b/i, 'plumber$1'],
  [/\belectri(?:tion|tian|cian|cain|can|cion|shan)(s?)\b/i, 'electrician$1'],
  [/\b(?:gaurantee|garantee|guarentee|gaurentee|guarrantee)(s|d)?\b/i, 'guarantee$1'],
  [/\b(?:ceilling|cieling|celing|cielling)(s?)\b/i, 'ceiling$1'],
  [/\bradiater(s?)\b/i, 'radiator$1'],
  [/\bboiller(s?)\b/i, 'boiler$1'],
  [/\bthermastat(s?)\b/i, 'thermostat$1'],
  [/\bseperate(ly)?\b/i, 'separate$1'],
];

/**
 * A lower-case term keeps the capital of words that start a sentence ("Plumer" → "Plumber"); other
 * capitals go ("Combi Boiler" → "combi boiler").
 */
const keepCapital = (words: string, term: string): string =>
  /^[A-Z]/.test(words) && words.slice(1) === words.slice(1).toLowerCase() && term === term.toLowerCase()
    ? term[0]!.toUpperCase() + term.slice(1)
    : term;

// Days and months take a capital ("may" is left alone: it is mostly a verb).
const NAMES_OF_DAYS = new RegExp(`(?<![A-Za-z])(?:${WEEKDAY}|${FULL_MONTH})(?![A-Za-z])`, 'gi');

/** Tidies one line: spacing, punctuation, terms, names of days and months, and 'i'. */
function tidy(line: string): string {
  let text = line
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/([,;])(?=[A-Za-z])/g, '$1 ')
    // A space before punctuation goes only where a space or the end follows: "5 .5" is not "5.5", nor
    // "10 a .m" a time.
    .replace(/ +([,.!?;:]+)(?= |$)/g, '$1')
    .replace(/!{2,}/g, '!')
    .replace(/\?{2,}/g, '?');
  for (const [term, replacement] of TERMS) {
    text = text.replace(new RegExp(term.source, 'gi'), (words) =>
      keepCapital(words, words.replace(term, replacement)),
    );
  }
  return text
    .replace(NAMES_OF_DAYS, (name) => name[0]!.toUpperCase() + name.slice(1).toLowerCase())
    .replace(/\bi\b(?!\.\w)/g, 'I');
}

// Punctuation a sentence starts with is dropped (it would run into the sentence before it), but not the
// point of ".5".
const LEADING_PUNCTUATION = /^(?:(?:[,;:!?]|\.(?!\d)) *)+/;
const SENTENCE_END = /(?<!\b(?:e\.g|i\.e|approx|incl|vs|mr|mrs|ms|dr)\.)(?<=[.!?]['")\]]?) +/i;

/** A sentence that starts with a capital and ends with a full stop (or its own ! or ?). */
function finish(sentence: string): string {
  const ended = /[.!?]['")\]]?$/.test(sentence) ? sentence : `${sentence.replace(/[,;:]$/, '')}.`;
  // Only an all-lower-case first word is capitalised: 'uPVC' and 'eBay' keep their case.
  return ended.replace(/^(['"([]*)([a-z][\w'’-]*)/, (whole, open: string, word: string) =>
    word === word.toLowerCase() ? open + word[0]!.toUpperCase() + word.slice(1) : whole,
  );
}

interface Line {
  /** The part the line was labelled with. */
  section?: Section;
  sentences: string[];
}

/**
 * The customer's lines, tidied and split into sentences, without the labels and checklist of an earlier
 * enhancement.
 */
function parse(description: string): Line[] {
  const lines: Line[] = [];
  let inChecklist = false;
  for (const raw of description.split(/\r\n|\r|\n/)) {
    const line = tidy(raw);
    if (line === CHECKLIST_HEADING) {
      inChecklist = true;
      continue;
    }
    if (inChecklist && line.startsWith('- ') && ALL_QUESTIONS.has(line.slice(2))) continue;
    inChecklist = false;
    const label = line.match(LABEL_LINE);
    const body = label ? line.slice(label[0].length) : line;
    const sentences = body
      .split(SENTENCE_END)
      .map((s) => s.replace(LEADING_PUNCTUATION, ''))
      .filter((s) => /[\p{L}\p{N}]/u.test(s))
      .map(finish);
    if (sentences.length === 0) continue;
    const section = label
      ? SECTIONS.find((s) => LABELS[s].toLowerCase() === label[1]!.toLowerCase())
      : undefined;
    lines.push({ section, sentences });
  }
  return lines;
}

function sectionOf(sentence: string): Section {
  return SECTION_WORDS.find(([, words]) => words.test(sentence))?.[0] ?? 'what';
}

/**
 * A clearer job description without a model: the customer's sentences tidied (spacing, capitals, trade
 * terms, misspellings) and grouped under the parts they speak to, then the category's checklist as
 * questions. Never longer than the description field takes: questions are dropped first, then the
 * labels; the customer's own words are never cut. Enhancing the result again changes nothing.
 */
export function enhanceLocally(input: { description: string; category: string }): string {
  const max = ASSISTANT_LIMITS.enhanceMax;
  const lines = parse(input.description);
  if (lines.length === 0) return '';

  const parts = new Map<Section, string[]>();
  lines.forEach((line, i) => {
    line.sentences.forEach((sentence, j) => {
      const section = line.section ?? (i === 0 && j === 0 ? 'what' : sectionOf(sentence));
      parts.set(section, [...(parts.get(section) ?? []), sentence]);
    });
  });
  const body = SECTIONS.filter((s) => parts.has(s))
    .map((s) => `${LABELS[s]}: ${parts.get(s)!.join(' ')}`)
    .join('\n\n');

  if (body.length > max) {
    const plain = lines.map((line) => line.sentences.join(' ')).join('\n');
    return plain.length <= max ? plain : input.description.trim();
  }

  let text = body;
  let heading = `\n\n${CHECKLIST_HEADING}`;
  for (const question of checklistFor(input.category)) {
    if (question.answeredBy && parts.has(question.answeredBy)) continue;
    const next = `${text}${heading}\n- ${question.text}`;
    if (next.length > max) break;
    text = next;
    heading = '';
  }
  return text;
}
