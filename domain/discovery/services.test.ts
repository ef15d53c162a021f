import { describe, expect, it } from 'vitest';
import { BROWSE_CATEGORY_IDS, JOB_CATEGORIES, TRADES } from '../catalog/catalog';
import { BROWSE_CATEGORIES, jobCategoriesFor, TRADES_BY_JOB_CATEGORY, tradesForService } from './services';

describe('tradesForService', () => {
  it('matches trade names, everyday words and plurals without regard to case', () => {
    expect(tradesForService('plumber')).toEqual(['Plumber']);
    expect(tradesForService('Plumbers')).toEqual(['Plumber']);
    expect(tradesForService('  ELECTRICIAN ')).toEqual(['Electrician']);
    expect(tradesForService('Painter & Decorator')).toEqual(['Painter & Decorator']);
    expect(tradesForService('decorating')).toEqual(['Painter & Decorator']);
    expect(tradesForService('boiler')).toEqual(['Gas Engineer', 'Heating Engineer']);
  });

  it('maps job categories and browse categories onto their trades', () => {
    expect(tradesForService('Plumbing')).toEqual(['Plumber', 'Gas Engineer', 'Heating Engineer']);
    expect(tradesForService('Gardening')).toEqual(['Landscaper']);
    expect(tradesForService('garden')).toEqual(['Landscaper']);
    expect(tradesForService('Roofing')).toEqual(['Roofer']);
  });

  it('finds nothing for words outside the trades', () => {
    expect(tradesForService('Auto')).toEqual([]);
    expect(tradesForService('Cleaning')).toEqual([]);
    expect(tradesForService('')).toEqual([]);
    expect(tradesForService('zzz')).toEqual([]);
  });

  it('finds every trade by its own name', () => {
    for (const trade of TRADES) expect(tradesForService(trade)).toContain(trade);
  });
});

describe('category maps', () => {
  it('cover every job category and browse id with known trades', () => {
    for (const c of JOB_CATEGORIES) for (const t of TRADES_BY_JOB_CATEGORY[c]) expect(TRADES).toContain(t);
    for (const id of BROWSE_CATEGORY_IDS) {
      for (const t of BROWSE_CATEGORIES[id].trades) expect(TRADES).toContain(t);
      for (const c of BROWSE_CATEGORIES[id].jobCategories) expect(JOB_CATEGORIES).toContain(c);
    }
  });

  it('reads a category parameter as a job category or a browse id', () => {
    expect(jobCategoriesFor('Plumbing')).toEqual(['Plumbing']);
    expect(jobCategoriesFor('plumbing')).toEqual(['Plumbing']);
    expect(jobCategoriesFor('carpentry')).toEqual(['Carpentry']);
    expect(jobCategoriesFor('garden')).toEqual(['Gardening']);
    expect(jobCategoriesFor('auto')).toEqual([]);
    expect(jobCategoriesFor('nonsense')).toBeNull();
  });
});
