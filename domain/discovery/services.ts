import {
  BROWSE_CATEGORY_IDS,
  type BrowseCategoryId,
  JOB_CATEGORIES,
  type JobCategory,
  TRADES,
  type Trade,
} from '../catalog/catalog';

// How the words people search with map onto the trades tradespeople register under and the
// categories jobs are posted in. The spec has three vocabularies (10 trades, 8 job categories, 10
// browse category ids); this is the one place that joins them.

/** Which trades take on the jobs of each category. Cleaning has no trade on the list yet. */
export const TRADES_BY_JOB_CATEGORY: Record<JobCategory, readonly Trade[]> = {
  Plumbing: ['Plumber', 'Gas Engineer', 'Heating Engineer'],
  Electrical: ['Electrician'],
  Carpentry: ['Carpenter'],
  Painting: ['Painter & Decorator'],
  Roofing: ['Roofer'],
  Flooring: ['Carpenter', 'Builder'],
  Gardening: ['Landscaper'],
  Cleaning: [],
};

/** The Browse Services grid: each category id with its label, the job categories and trades behind it. */
export const BROWSE_CATEGORIES: Record<
  BrowseCategoryId,
  { label: string; jobCategories: readonly JobCategory[]; trades: readonly Trade[] }
> = {
  home: {
    label: 'Home Improvement',
    jobCategories: ['Carpentry', 'Painting', 'Flooring', 'Roofing'],
    trades: ['Builder', 'Carpenter', 'Plasterer', 'Painter & Decorator', 'Roofer'],
  },
  auto: { label: 'Auto', jobCategories: [], trades: [] },
  garden: { label: 'Garden', jobCategories: ['Gardening'], trades: ['Landscaper'] },
  cleaning: { label: 'Cleaning', jobCategories: ['Cleaning'], trades: [] },
  repair: {
    label: 'Repairs',
    jobCategories: ['Carpentry', 'Roofing', 'Flooring', 'Plumbing', 'Electrical'],
    trades: ['Builder', 'Carpenter', 'Plasterer', 'Roofer', 'Plumber', 'Electrician'],
  },
  electrical: { label: 'Electrical', jobCategories: ['Electrical'], trades: ['Electrician'] },
  plumbing: {
    label: 'Plumbing',
    jobCategories: ['Plumbing'],
    trades: ['Plumber', 'Gas Engineer', 'Heating Engineer'],
  },
  security: { label: 'Security', jobCategories: ['Electrical'], trades: ['Electrician'] },
  painting: { label: 'Painting', jobCategories: ['Painting'], trades: ['Painter & Decorator'] },
  carpentry: { label: 'Carpentry', jobCategories: ['Carpentry', 'Flooring'], trades: ['Carpenter'] },
};

// Everyday words for each trade, beyond its own name and its job categories.
const TRADE_WORDS: Record<Trade, readonly string[]> = {
  Plumber: ['plumber', 'plumbing', 'leak', 'tap', 'toilet', 'bathroom', 'shower', 'drain', 'pipe'],
  Electrician: ['electrician', 'electrical', 'electric', 'sparky', 'wiring', 'rewire', 'lighting', 'socket'],
  Carpenter: ['carpenter', 'carpentry', 'joiner', 'joinery', 'wood', 'door', 'kitchen fitter', 'floor'],
  Builder: ['builder', 'building', 'extension', 'brickwork', 'bricklayer', 'renovation', 'loft'],
  'Painter & Decorator': ['painter', 'painting', 'decorator', 'decorating', 'wallpaper', 'paint'],
  Roofer: ['roofer', 'roofing', 'roof', 'gutter', 'guttering', 'chimney'],
  Plasterer: ['plasterer', 'plastering', 'plaster', 'rendering', 'skimming'],
  Landscaper: ['landscaper', 'landscaping', 'gardener', 'gardening', 'garden', 'fencing', 'patio', 'lawn'],
  'Gas Engineer': ['gas engineer', 'gas', 'gas safe', 'boiler', 'cooker'],
  'Heating Engineer': ['heating engineer', 'heating', 'boiler', 'radiator', 'central heating'],
};

const normalise = (text: string) =>
  text
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/**
 * The trades a search word stands for: a trade's name or everyday word, a job category, or a browse
 * category id or label. Plural and singular both match ("plumbers"). Empty when nothing matches: the
 * caller then matches the words against specialties only.
 */
export function tradesForService(service: string): Trade[] {
  const words = normalise(service);
  if (!words) return [];
  const candidates = new Set([words, words.replace(/s$/, ''), words.replace(/ies$/, 'y')]);
  const found = new Set<Trade>();
  for (const trade of TRADES) {
    const vocabulary = [normalise(trade), ...TRADE_WORDS[trade].map(normalise)];
    if (vocabulary.some((w) => candidates.has(w))) found.add(trade);
  }
  for (const category of JOB_CATEGORIES) {
    if (candidates.has(normalise(category))) for (const t of TRADES_BY_JOB_CATEGORY[category]) found.add(t);
  }
  for (const id of BROWSE_CATEGORY_IDS) {
    const { label, trades } = BROWSE_CATEGORIES[id];
    if (candidates.has(id) || candidates.has(normalise(label))) for (const t of trades) found.add(t);
  }
  return TRADES.filter((t) => found.has(t));
}

/** The job categories a `category` parameter stands for: a job category, or a browse category id. */
export function jobCategoriesFor(category: string): JobCategory[] | null {
  const exact = JOB_CATEGORIES.find((c) => c.toLowerCase() === category.trim().toLowerCase());
  if (exact) return [exact];
  const id = BROWSE_CATEGORY_IDS.find((c) => c === category.trim().toLowerCase());
  return id ? [...BROWSE_CATEGORIES[id].jobCategories] : null;
}
