import MiniSearch from 'minisearch';
import type { Screen } from '../../../../domain/assistant/screens';
import type { HelpArticle } from '../../../../domain/help/content';
import { normalise } from './text';

// The search over the product's help articles and its screens (MiniSearch: BM25 with prefix and fuzzy
// matching). Built once per process: about a hundred short documents, indexed in a few milliseconds.

/**
 * A screen with words of its own for tradespeople is two documents, one per side (`side`), so that
 * each asker is matched on their own words; other screens are one, for all.
 */
export type HelpDoc =
  | { id: string; kind: 'article'; article: HelpArticle }
  | {
      id: string;
      kind: 'screen';
      screen: Screen;
      side: 'all' | 'tradesperson' | 'others';
      keywords: readonly string[];
    };

export interface HelpHit {
  doc: HelpDoc;
  score: number;
  /** The share of the question's words (stop words aside) the document matched. */
  coverage: number;
  /** The share of the question's words in its title, keywords or section: what it is about. */
  topical: number;
  /** A screen whose keyword phrase the question contains word for word ('saved pros', 'more work'). */
  phrase: boolean;
}

// Words that say nothing about the topic ("how do I ...", "can you help me ..."). 'help' too: every
// help page would match it.
const STOP_WORDS = new Set(
  `a about again all also am an and any are arent as at be been being between but by can cant could did
  didnt do does doesnt doing dont for from had has hasnt have havent having he her here him his how i id if
  ill im in into is isnt it its ive just know let like me more most much my myself need no not now of on
  once only or our out over please really she should so some such than that thats the their them then there
  these they theyre this those to too up us very want was way we were what whats when where which while who
  why will with wont would you youll your yours hi hello hey thanks thank tradenest help tell show use
  using able go goes going gone went get got one someone something thing things ok okay still yet site app
  website page screen`.split(/\s+/),
);

/** A light stemmer: plurals and -ing/-ed endings, so 'posting', 'posted' and 'posts' meet 'post'. */
export function stem(word: string): string {
  if (word.length > 5 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 5 && word.endsWith('ing')) return word.slice(0, -3);
  if (word.length > 4 && word.endsWith('ed')) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

function processTerm(term: string): string | null {
  const word = term.toLowerCase().replace(/'/g, '');
  if (word.length < 2 || STOP_WORDS.has(word)) return null;
  return stem(word);
}

/** Words people ask with that the help text words differently (stemmed, as processTerm leaves them). */
const SYNONYMS: Record<string, string[]> = {
  cost: ['charge', 'fee'],
  charge: ['cost', 'fee'],
  fee: ['charge', 'cost'],
  price: ['cost', 'amount'],
  tradesman: ['tradesperson'],
  tradesmen: ['tradespeople'],
  trader: ['tradesperson'],
  builder: ['tradesperson'],
  homeowner: ['customer'],
  choose: ['compare'],
  pick: ['choose', 'compare'],
  left: ['leave'],
};

/** A question's term and the words it also stands for. */
const withSynonyms = (term: string) => {
  const base = processTerm(term);
  return base ? [base, ...(SYNONYMS[base] ?? [])] : null;
};

const tokenize = (text: string) => normalise(text).split(/[\s-]+/);

/** Article text without link targets: '[contact us](/support#contact)' is searched as 'contact us'. */
const plain = (text: string) => text.replace(/\[([^\]]+)\]\([^)]*\)/g, '$1');

export class HelpIndex {
  private readonly search_: MiniSearch;
  private readonly docs = new Map<string, HelpDoc>();
  /** Each document's terms in its title, keywords and section: what it is about, not what it mentions. */
  private readonly topics = new Map<string, string[]>();
  /** Every word of the help and the screens: known words, which typo correction leaves alone. */
  readonly words = new Set<string>();

  constructor(articles: readonly HelpArticle[], screens: readonly Screen[]) {
    this.search_ = new MiniSearch({
      fields: ['title', 'keywords', 'section', 'text'],
      tokenize,
      processTerm,
    });
    const rows = [
      ...articles.map((article) => {
        const doc: HelpDoc = { id: `article:${article.path}`, kind: 'article', article };
        return {
          doc,
          title: article.title,
          // An article's anchor names its topic in a word or two ('escrow', 'how-to-post').
          keywords: article.id.replace(/-/g, ' '),
          section: article.section,
          text: plain(article.paragraphs.join('\n')),
        };
      }),
      ...screens.flatMap((screen) => {
        const sides = screen.tradespersonKeywords
          ? (['others', 'tradesperson'] as const)
          : (['all'] as const);
        return sides.map((side) => {
          const forTradespeople = side === 'tradesperson';
          const keywords = (forTradespeople && screen.tradespersonKeywords) || screen.keywords;
          const doc: HelpDoc = {
            id: `screen:${screen.path}:${side}`,
            kind: 'screen',
            screen,
            side,
            keywords,
          };
          return {
            doc,
            title: (forTradespeople && screen.tradespersonLabel) || screen.label,
            keywords: keywords.join('\n'),
            section: '',
            text: plain((forTradespeople && screen.tradespersonDescription) || screen.description),
          };
        });
      }),
    ];
    for (const { doc, ...fields } of rows) {
      this.docs.set(doc.id, doc);
      const topic = [fields.title, fields.keywords, fields.section].join(' ');
      this.topics.set(doc.id, [...new Set(tokenize(topic).flatMap((t) => processTerm(t) ?? []))]);
      this.search_.add({ id: doc.id, ...fields });
      for (const value of Object.values(fields)) for (const word of tokenize(value)) this.words.add(word);
    }
  }

  /**
   * The documents matching a question, best first; `boost` weighs each (0 leaves it out). A document
   * whose title, keywords or section match counts for more than one that only mentions the words in
   * passing (the gas safety article names electricians; it is not about joining as one), and the
   * screen whose keyword phrase the question contains word for word ('saved pros', 'more work')
   * counts double; the longest such phrase decides ('get work done' is Post a Job, not 'get work').
   */
  search(question: string, boost: (doc: HelpDoc) => number): HelpHit[] {
    const terms = [...new Set(tokenize(question).flatMap((t) => processTerm(t) ?? []))];
    if (terms.length === 0) return [];
    const asked = ` ${normalise(question)} `;
    const phraseLength = (doc: HelpDoc) =>
      doc.kind === 'screen'
        ? Math.max(
            0,
            ...doc.keywords.filter((k) => k.includes(' ') && asked.includes(` ${k} `)).map((k) => k.length),
          )
        : 0;
    const longest = Math.max(0, ...[...this.docs.values()].map(phraseLength));
    return this.search_
      .search(question, {
        processTerm: withSynonyms,
        boost: { title: 2, keywords: 2.5, section: 1, text: 1 },
        prefix: (term) => term.length >= 3,
        fuzzy: (term) => (term.length >= 8 ? 2 : term.length >= 5 ? 1 : false),
        weights: { fuzzy: 0.3, prefix: 0.6 },
        boostDocument: (id) => boost(this.docs.get(id)!),
        // Less length normalisation than BM25's usual 0.75: a screen's long list of synonyms is not
        // padding, and should not weigh less for its length.
        bm25: { k: 1.2, b: 0.4, d: 0.5 },
      })
      .map((r) => {
        const doc = this.docs.get(r.id)!;
        const matched = new Set(r.queryTerms);
        const found = terms.filter((t) => matched.has(t) || SYNONYMS[t]?.some((s) => matched.has(s)));
        const topic = this.topics.get(r.id)!;
        const topical = terms.filter((t) => topic.some((w) => w.startsWith(t))).length / terms.length;
        const phrase = longest > 0 && phraseLength(doc) === longest;
        return {
          doc,
          score: r.score * (0.5 + topical) * (phrase ? 2 : 1),
          coverage: found.length / terms.length,
          topical,
          phrase,
        };
      })
      .sort((a, b) => b.score - a.score);
  }
}
