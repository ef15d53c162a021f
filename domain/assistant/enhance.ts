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

/** What Enhance with AI suggests: the customer's description, better written, and questions for them. */
export interface Enhancement {
  /** The job as the customer wrote it, clearer: what 'Use This' puts into the form. */
  description: string;
  /**
   * At most `ENHANCE_QUESTIONS_MAX` questions about what this description leaves out, for the customer
   * to answer in their own words if they wish. Shown beside the suggestion, never put into the job.
   */
  questions: string[];
}

export const ENHANCE_QUESTIONS_MAX = 3;

// An earlier enhancement (before questions were returned apart) labelled the parts and appended a
// checklist; a description that still has them is read without them.
const OLD_LABEL = new RegExp(`^(What needs doing|Where in the home|Access|Materials|Timing)${H}*:${H}*`, 'i');

/** A line without the labels (and stray punctuation) it starts with, however many. */
function unlabel(line: string): string {
  let rest = line;
  for (let before = ''; before !== rest; ) {
    before = rest;
    rest = rest.replace(LEADING_PUNCTUATION, '').replace(OLD_LABEL, '');
  }
  return rest;
}
const OLD_CHECKLIST_HEADING = /^Questions you may want to answer:$/i;

// Shorthand people type, written out. Only words whose meaning is not in doubt: "u" is "you", but "its"
// may be right as it is. Each replacement says nothing the customer did not.
const SHORTHAND: [RegExp, string][] = [
  [/\basap\b/i, 'as soon as possible'],
  [/\b(?:pls|plz|plse)\b/i, 'please'],
  [/\b(?:thx|thnx|thanx)\b/i, 'thanks'],
  [/(?<![\w'-])u(?![\w'-])/i, 'you'],
  [/(?<![\w'-])ur(?![\w'-])/i, 'your'],
  [/(?<![\w'-])r(?![\w'-])/i, 'are'],
  [/\bw\/o(?!\w)/i, 'without'],
  [/\bw\/(?=\s)/i, 'with'],
  [/\b(?:b\/room|bthrm|bathrm)\b/i, 'bathroom'],
  [/\b(?:k\/itchen|kitch)\b/i, 'kitchen'],
  [/\b(?:rads)\b/i, 'radiators'],
  [/\b(?:rad)\b/i, 'radiator'],
  [/\b(?:cos|coz|cuz|bc)\b/i, 'because'],
  [/\btho\b/i, 'though'],
  [/\bdont\b/i, "don't"],
  [/\bwont\b/i, "won't"],
  [/\bcant\b/i, "can't"],
  [/\bdoesnt\b/i, "doesn't"],
  [/\bisnt\b/i, "isn't"],
  [/\bdidnt\b/i, "didn't"],
  [/\bwasnt\b/i, "wasn't"],
  [/\barent\b/i, "aren't"],
  [/\bhavent\b/i, "haven't"],
  [/\bshouldnt\b/i, "shouldn't"],
  [/\bcouldnt\b/i, "couldn't"],
  [/\bim\b/i, "I'm"],
  [/\bive\b/i, "I've"],
  [/\bthats\b/i, "that's"],
];

// The customer's words mapped to the trade's, where the meaning is clear. A term the customer may not
// know keeps their words beside it ("consumer unit (fuse box)"), so nobody is left guessing.
const TRADE_TERMS: [RegExp, string][] = [
  [/(?<!\()\bfuse\s*box(es)?\b/i, 'consumer unit$1 (fuse box$1)'],
  [/\bplug\s+socket(s?)\b/i, 'socket$1'],
  [/\bloo(s?)\b/i, 'toilet$1'],
  [/\bleaky\b/i, 'leaking'],
  [/\bdrippy\b/i, 'dripping'],
  [/\bsparky\b/i, 'electrician'],
  [/\bsparkies\b/i, 'electricians'],
  [/\bchippy\b/i, 'carpenter'],
  [/\btelly\b/i, 'TV'],
];

/** The words the enhancer itself may write: none is a number, a brand or a place. */
export const ENHANCER_WORDS: ReadonlySet<string> = new Set(
  [...SHORTHAND, ...TRADE_TERMS, ...TERMS]
    .flatMap(([, replacement]) =>
      replacement
        .replace(/\$\d/g, '')
        .toLowerCase()
        .split(/[^a-z']+/),
    )
    .filter(Boolean),
);

/** `text` with each pattern replaced, keeping the capital of a word that starts a sentence. */
function replaceAll(text: string, table: [RegExp, string][]): string {
  let out = text;
  for (const [pattern, replacement] of table) {
    out = out.replace(new RegExp(pattern.source, 'gi'), (words, ...groups) => {
      const written = replacement.replace(/\$(\d)/g, (_, n: string) => String(groups[Number(n) - 1] ?? ''));
      return keepCapital(words, written);
    });
  }
  return out;
}

/**
 * The customer's lines, tidied, with shorthand written out and trade terms, split into sentences each
 * starting with a capital and ending with a full stop (or its own ! or ?); without the labels and
 * checklist of an earlier enhancement.
 */
function parse(description: string): string[][] {
  const lines: string[][] = [];
  let inChecklist = false;
  for (const raw of description.split(/\r\n|\r|\n/)) {
    const line = replaceAll(replaceAll(tidy(raw), SHORTHAND), TRADE_TERMS).replace(/\bi\b(?!\.\w)/g, 'I');
    if (OLD_CHECKLIST_HEADING.test(line)) {
      inChecklist = true;
      continue;
    }
    if (inChecklist && /^- .*\?$/.test(line)) continue;
    inChecklist = false;
    // Any sentence may be the first once a sentence of punctuation before it is dropped, so each loses
    // a label it starts with.
    const sentences = line
      .split(SENTENCE_END)
      .map(unlabel)
      .filter((s) => /[\p{L}\p{N}]/u.test(s))
      .map(finish);
    if (sentences.length > 0) lines.push(sentences);
  }
  return lines;
}

// ---- Questions: what this job's description leaves out ----

const ROOM =
  /\b(kitchen|bathroom|en-?suite|bedroom|living room|lounge|dining room|hall|hallway|landing|loft|attic|garage|utility|cellar|basement|porch|conservatory|upstairs|downstairs|cloakroom|toilet room|shower room|study|office|nursery|outside|front|back|garden)\b/i;
const DURATION =
  /\b(since|for (a|an|the last|the past|about|over|around|nearly|almost|\d+|a few|few|several|two|three|some) ?\w*|ages|a while|(days?|weeks?|months?|years?) (now|ago)|just (started|happened)|this (morning|week|month)|yesterday|today|last (night|week|month|year))\b/i;
const TIMING =
  /\b(as soon as possible|urgent(ly)?|emergency|soon|today|tomorrow|tonight|this week|next week|weekends?|weekdays?|mornings?|afternoons?|evenings?|by|before|after|flexible|whenever|any ?time|monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|june|july|august|september|october|november|december)\b/i;
const MATERIALS =
  /\b(materials?|supply|supplied|provide|provided|bought|buy|purchased?|already (have|got))\b/i;
const ACCESS = /\b(access|scaffold(ing)?|ladders?|side gate|reach)\b/i;

interface Ask {
  text: string;
  /** Left out when the description already says this. */
  answered?: RegExp;
}

/**
 * What people post about, each with the questions a tradesperson would ask before quoting, most
 * useful first. A description about several (a leaking tap and a cold radiator) gets questions from
 * each, in this order.
 */
const TOPICS: { about: RegExp; asks: Ask[]; unless?: RegExp }[] = [
  {
    about: /\btaps?\b/i,
    asks: [
      { text: 'Which tap is it: kitchen, bathroom or somewhere else?', answered: ROOM },
      { text: 'How long has it been dripping or leaking?', answered: DURATION },
      {
        text: 'Is it a mixer tap, or separate hot and cold taps?',
        answered: /\b(mixer|monobloc|pillar|hot and cold|hot tap|cold tap|single)\b/i,
      },
    ],
  },
  {
    about: /\b(toilet|wc|cistern|flush(es|ing)?)\b/i,
    asks: [
      {
        text: 'What is the toilet doing: leaking, running on, not flushing or blocked?',
        answered: /\b(leak\w*|runs|running|run on|keeps filling|flush\w*|block\w*)\b/i,
      },
      { text: 'Is it the only toilet in the home?', answered: /\b(only|another|second|other) toilet\b/i },
      { text: 'How long has this been happening?', answered: DURATION },
    ],
  },
  {
    about: /\b(boilers?|combi|no hot water|central heating|heating)\b/i,
    asks: [
      { text: 'Do you know the make and model of the boiler, and roughly how old it is?' },
      {
        text: 'Does the boiler show an error code or a fault light?',
        answered: /\b(error|code|fault|light|flashing)\b/i,
      },
      {
        text: 'Have you lost heating, hot water, or both?',
        answered: /\b(no hot water|no heating|hot water and heating|heating and hot water)\b/i,
      },
    ],
  },
  {
    about: /\bradiators?\b/i,
    asks: [
      { text: 'Is it one radiator, several, or all of them?', answered: /\b(all|every|one|both|several)\b/i },
      {
        text: 'Is the radiator cold at the top, at the bottom, or all over?',
        answered: /\b(top|bottom|all over|whole)\b/i,
      },
    ],
  },
  {
    about: /\bshowers?\b/i,
    asks: [
      {
        text: 'Is it an electric shower or a mixer shower?',
        answered: /\b(electric|mixer|power shower|thermostatic)\b/i,
      },
      {
        text: 'What is wrong with it: no hot water, low pressure, a leak, or something else?',
        answered: /\b(hot|cold|pressure|leak\w*|drip\w*|trickle)\b/i,
      },
    ],
  },
  {
    about: /\b(block(ed|age)?|clogged|drains?|won't drain|slow to drain|overflow\w*)\b/i,
    asks: [
      {
        text: 'What is blocked: a sink, bath, shower, toilet or an outside drain?',
        answered: /\b(sink|bath|shower|toilet|outside|gully|manhole|drain)\b/i,
      },
      { text: 'Is water backing up anywhere else in the home?' },
    ],
  },
  {
    about: /\b(leak\w*|drip\w*|water coming|damp|burst|pipes?)\b/i,
    // A leaking tap, toilet, shower, radiator or roof has its own questions.
    unless: /\b(taps?|toilet|wc|cistern|showers?|radiators?|roofs?|gutter\w*|flashing)\b/i,
    asks: [
      {
        text: 'Where exactly is the water coming from?',
        answered: /\b(from the|under the|behind the|pipe|joint|ceiling|wall)\b/i,
      },
      { text: 'Is it leaking now, and can you turn the water off at the stopcock?' },
      { text: 'How long has it been leaking?', answered: DURATION },
    ],
  },
  {
    about: /\b(trip\w*|consumer unit|fuse|power cut|no power|rcd|rcbo)\b/i,
    asks: [
      {
        text: 'Is the whole home without power, or only some circuits?',
        answered: /\b(whole|all|only|some|one circuit)\b/i,
      },
      { text: 'Does it happen when a particular appliance is switched on?' },
    ],
  },
  {
    about:
      /\b(sockets?|switch(es)?|lights?|lighting|downlights?|spotlights?|wiring|rewire|ev charger|extractor)\b/i,
    asks: [
      { text: 'Which rooms is the work in?', answered: ROOM },
      {
        text: 'Is this a repair, a replacement, or something new being fitted?',
        answered: /\b(new|replace\w*|repair\w*|fix\w*|broken|not working|stopped)\b/i,
      },
      { text: 'Will you need an electrical certificate for the work?', answered: /\bcertificate\b/i },
    ],
  },
  {
    about: /\b(roofs?|slates?|ridge|gutter(s|ing)?|chimney|flashing|fascias?|soffits?)\b/i,
    asks: [
      { text: 'Is the roof pitched or flat?', answered: /\b(pitched|flat)\b/i },
      {
        text: 'Is water coming in, and where does it show inside?',
        answered: /\b(ceiling|inside|loft|damp)\b/i,
      },
      { text: 'Is there safe access, or will scaffolding be needed?', answered: ACCESS },
    ],
  },
  {
    about: /\b(paint\w*|decorat\w*|wallpaper\w*|emulsion|gloss)\b/i,
    asks: [
      {
        text: 'Which rooms and surfaces need doing: walls, ceilings, woodwork?',
        answered: /\b(walls?|ceilings?|woodwork|skirting|doors?|frames?|whole house)\b/i,
      },
      {
        text: 'Do the walls need filling or other preparation first?',
        answered: /\b(fill\w*|prep\w*|cracks?|sand\w*)\b/i,
      },
      { text: 'Will you supply the paint, or should the decorator?', answered: MATERIALS },
    ],
  },
  {
    about: /\b(floor\w*|carpets?|laminate|vinyl|lino|tiles?|tiling|tiled)\b/i,
    asks: [
      { text: 'Which rooms, and roughly how big are they?', answered: ROOM },
      {
        text: 'What is on the floor now, and does it need taking up?',
        answered: /\b(existing|old|current|take up|lift\w*|remove)\b/i,
      },
      { text: 'Will you supply the flooring or tiles?', answered: MATERIALS },
    ],
  },
  {
    about:
      /\b(doors?|shel(f|ves|ving)|cupboards?|wardrobes?|skirting|worktops?|kitchen units?|decking|stairs|banister|architrave|flat ?pack)\b/i,
    asks: [
      { text: 'Do you have rough measurements for the work?', answered: /\d/ },
      { text: 'Will you supply the materials, or should the carpenter?', answered: MATERIALS },
      {
        text: 'Is there anything existing that needs removing first?',
        answered: /\b(existing|old|remove|take out|replace\w*)\b/i,
      },
    ],
  },
  {
    about: /\b(gardens?|lawns?|grass|hedges?|trees?|fences?|fencing|patio|weeds?|shrubs?|turf|mow\w*)\b/i,
    asks: [
      { text: 'Roughly how big is the area?', answered: /\d|\b(small|large|big)\b/i },
      { text: 'Does the green waste need taking away?', answered: /\b(waste|take away|remove|skip|tip)\b/i },
      {
        text: 'Is this a one-off job, or regular work?',
        answered: /\b(one-?off|regular|weekly|monthly|fortnightly)\b/i,
      },
    ],
  },
  {
    about: /\b(clean\w*|hoover\w*|vacuum\w*|end of tenancy)\b/i,
    asks: [
      { text: 'Which rooms need cleaning?', answered: ROOM },
      {
        text: 'Is this an end-of-tenancy, deep or regular clean?',
        answered: /\b(tenancy|deep|regular|weekly|one-?off)\b/i,
      },
      { text: 'Will you provide cleaning products and equipment?', answered: MATERIALS },
    ],
  },
];

/** When nothing in the description names a topic: the category's questions. */
const BY_CATEGORY: Record<string, Ask[]> = {
  Plumbing: [
    { text: 'Where in the home is the problem?', answered: ROOM },
    { text: 'Is water leaking now, and can you turn it off at the stopcock?' },
    { text: 'How long has this been happening?', answered: DURATION },
  ],
  Electrical: [
    { text: 'Which rooms is the work in?', answered: ROOM },
    { text: 'Is anything unsafe now, such as sparking, a burning smell or a switch that is hot?' },
    { text: 'Will you need an electrical certificate for the work?', answered: /\bcertificate\b/i },
  ],
};
const GENERAL: Ask[] = [
  { text: 'Where in the home is the work?', answered: ROOM },
  { text: 'Will you supply any materials?', answered: MATERIALS },
];
const WHEN: Ask = { text: 'When would you like the work done?', answered: TIMING };

/**
 * Up to three questions for this description: those of the topics it is about (else its category's),
 * leaving out what it already says, then when the work is wanted if it does not say.
 */
export function questionsFor(description: string, category: string): string[] {
  const topics = TOPICS.filter((t) => t.about.test(description) && !t.unless?.test(description));
  const name = JOB_CATEGORIES.find((c) => c.toLowerCase() === category.trim().toLowerCase());
  const fromTopics = topics.flatMap((t) => t.asks.filter((a) => !a.answered?.test(description)));
  // One topic's best question each before any topic's second, so two problems both get asked about.
  const interleaved: Ask[] = [];
  const lists = topics.map((t) => t.asks.filter((a) => !a.answered?.test(description)));
  for (let i = 0; lists.some((l) => i < l.length); i++)
    for (const l of lists) if (l[i]) interleaved.push(l[i]!);
  const asks =
    fromTopics.length > 0
      ? interleaved
      : ((name && BY_CATEGORY[name]) || GENERAL).filter((a) => !a.answered?.test(description));
  const texts = [...new Set(asks.map((a) => a.text))];
  if (!WHEN.answered!.test(description)) texts.push(WHEN.text);
  return texts.slice(0, ENHANCE_QUESTIONS_MAX);
}

/**
 * A clearer job description without a model: the customer's own sentences, tidied (spacing, capitals,
 * full stops), with shorthand written out and the trade's terms, in the customer's order and lines;
 * and apart from it, the few questions that matter for this job. Nothing is added to the description
 * but those words (`ENHANCER_WORDS`), so it states no fact the customer did not. Never longer than the
 * description field takes: if the tidied text would be, the customer's own text is returned. Enhancing
 * the result again changes nothing.
 */
export function enhanceLocally(input: { description: string; category: string }): Enhancement {
  const lines = parse(input.description);
  if (lines.length === 0) return { description: '', questions: [] };
  const tidied = lines.map((sentences) => sentences.join(' ')).join('\n');
  const description = tidied.length <= ASSISTANT_LIMITS.enhanceMax ? tidied : input.description.trim();
  return { description, questions: questionsFor(description, input.category) };
}
