import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CUSTOMER_DISPUTE_REASONS, LIMITS, TRADESPERSON_DISPUTE_REASONS } from '../catalog/catalog';
import { DISPUTE_RULES } from '../disputes/messages';
import { MILESTONE_RULES } from '../milestones/messages';
import { formatPence, PLATFORM_FEE_BASIS_POINTS } from '../payments/money';
import { REVIEW_MESSAGES, REVIEW_RULES } from '../reviews/messages';
import { INSURANCE_REMINDER_DAYS } from '../verification/verification';
import { FEE_EXAMPLE_PENCE, HELP_ARTICLES, HELP_SECTIONS, type HelpPage } from './content';

const PAGES: HelpPage[] = ['faq', 'safety', 'support'];
const LINK = /\[([^\]]+)\]\(([^)\s]+)\)/g;

/** The app's route paths, read from the router (`path:`, `screen(` and `planned(` entries; dynamic segments as written). */
const ROUTES = new Set(
  [
    ...readFileSync(new URL('../../web/src/app/router.tsx', import.meta.url), 'utf8').matchAll(
      /(?:path: |planned\(|screen\()\s*'([^']+)'/g,
    ),
  ].map((match) => match[1]!.replace(/^\//, '')),
);

const links = HELP_ARTICLES.flatMap((article) =>
  article.paragraphs.flatMap((paragraph) =>
    [...paragraph.matchAll(LINK)].map(([, label, target]) => ({ article, label: label!, target: target! })),
  ),
);

/** The whole text of an article, links read as their labels. */
function text(page: HelpPage, id: string): string {
  const article = HELP_ARTICLES.find((a) => a.page === page && a.id === id);
  if (!article) throw new Error(`no article ${page}#${id}`);
  return article.paragraphs.join('\n').replace(LINK, '$1');
}

describe('the help content', () => {
  it('has articles on every page, each with a title and paragraphs', () => {
    for (const page of PAGES)
      expect(
        HELP_ARTICLES.some((a) => a.page === page),
        page,
      ).toBe(true);
    for (const article of HELP_ARTICLES) {
      expect(article.title.trim(), article.path).not.toBe('');
      expect(article.paragraphs.length, article.path).toBeGreaterThan(0);
    }
  });

  it('gives each article an id unique on its page, and the path /page#id', () => {
    for (const page of PAGES) {
      const ids = HELP_ARTICLES.filter((a) => a.page === page).map((a) => a.id);
      expect(new Set(ids).size, page).toBe(ids.length);
    }
    for (const article of HELP_ARTICLES) {
      expect(article.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(article.path).toBe(`/${article.page}#${article.id}`);
    }
  });

  it('puts every article in a section of its page, and a section id is an anchor of its own', () => {
    for (const page of PAGES) {
      const sections = HELP_SECTIONS.filter((s) => s.page === page);
      const articles = HELP_ARTICLES.filter((a) => a.page === page);
      expect(new Set(sections.map((s) => s.id)).size).toBe(sections.length);
      expect(new Set(sections.map((s) => s.title)).size).toBe(sections.length);
      for (const article of articles) {
        expect(
          sections.map((s) => s.title),
          article.path,
        ).toContain(article.section);
      }
      for (const section of sections) {
        const inIt = articles.filter((a) => a.section === section.title);
        expect(inIt.length, section.id).toBeGreaterThan(0);
        // An article may share its section's id only as the section's one article (the same anchor).
        const clash = articles.find((a) => a.id === section.id);
        if (clash) expect(inIt, section.id).toEqual([clash]);
      }
    }
  });

  it('has no empty paragraphs or list items, and no stray whitespace', () => {
    for (const article of HELP_ARTICLES) {
      for (const paragraph of article.paragraphs) {
        expect(paragraph.trim(), article.path).not.toBe('');
        expect(paragraph, article.path).toBe(paragraph.trim());
        expect(paragraph, article.path).not.toMatch(/\s{2}|\n/);
        expect(paragraph.replace(/^(- |\d+\. )/, '').trim(), article.path).not.toBe('');
      }
    }
  });

  it('numbers its numbered lists from 1', () => {
    for (const article of HELP_ARTICLES) {
      let expected = 1;
      for (const paragraph of article.paragraphs) {
        const number = /^(\d+)\. /.exec(paragraph)?.[1];
        if (number === undefined) expected = 1;
        else expect(Number(number), article.path).toBe(expected++);
      }
    }
  });

  it('links only to screens the app has, to anchors that exist, or to a phone number or an https site', () => {
    expect(links.length).toBeGreaterThan(10);
    expect(ROUTES).toContain('faq');
    for (const { article, label, target } of links) {
      expect(label.trim(), article.path).not.toBe('');
      if (!target.startsWith('/')) {
        expect(target, article.path).toMatch(/^(tel:\+\d+|https:\/\/[^\s]+)$/);
        continue;
      }
      const url = new URL(target, 'https://tradenest.invalid');
      expect(ROUTES, `${article.path} links to ${target}`).toContain(url.pathname.slice(1));
      const page = url.pathname.slice(1);
      if (url.hash && PAGES.includes(page as HelpPage)) {
        const anchors = [
          ...HELP_SECTIONS.filter((s) => s.page === page).map((s) => s.id),
          ...HELP_ARTICLES.filter((a) => a.page === page).map((a) => a.id),
        ];
        expect(anchors, `${article.path} links to ${target}`).toContain(url.hash.slice(1));
      }
    }
  });

  it('quotes the figures the server enforces', () => {
    const days = LIMITS.escrowProtectionDays;
    const quotes = LIMITS.liveQuotesPerJob;
    const percent = PLATFORM_FEE_BASIS_POINTS / 100;
    expect(text('faq', 'how-to-post')).toContain(`at least ${LIMITS.jobDescriptionMin} characters`);
    expect(text('faq', 'how-many-quotes')).toMatch(
      new RegExp(`^Up to ${quotes}\\. Once a job has ${quotes} quotes`),
    );
    expect(text('faq', 'sending-a-quote')).toContain(`at most ${formatPence(LIMITS.quoteMaxPence, 0)}.`);
    expect(text('faq', 'sending-a-quote')).toContain(`A job takes up to ${quotes} quotes`);
    expect(text('faq', 'escrow')).toContain(`a ${days}-day protection window`);
    expect(text('faq', 'escrow')).toContain(`when the ${days} days are up`);
    expect(text('faq', 'milestones')).toContain(`it is released ${MILESTONE_RULES.approvalDays} days later`);
    // 'Is it free?' is answered for both sides: the fee tradespeople pay is named where posting is free.
    expect(text('faq', 'posting-cost')).toContain(`platform fee of ${percent}% of each payment`);
    // Milestones are paid as they fall due, so 'never before the work is done' holds only without them.
    expect(text('faq', 'when-do-i-pay')).toContain('Unless you agree a milestone plan');
    expect(text('safety', 'keep-verification-up-to-date')).toContain(
      `We remind you ${INSURANCE_REMINDER_DAYS.join(' and ')} days before your insurance expires`,
    );
    expect(text('faq', 'what-tradenest-charges')).toContain(`a platform fee of ${percent}% of each payment`);
    // The worked example, worked out here: 15% of £400, to the nearest penny, half a penny up.
    const fee = Math.round((FEE_EXAMPLE_PENCE * PLATFORM_FEE_BASIS_POINTS) / 10_000);
    expect(text('faq', 'what-tradenest-charges')).toContain(
      `on a ${formatPence(FEE_EXAMPLE_PENCE, 0)} job the customer pays ${formatPence(FEE_EXAMPLE_PENCE)}, the fee is ${formatPence(fee)} and the tradesperson receives ${formatPence(FEE_EXAMPLE_PENCE - fee)}.`,
    );
    expect(text('faq', 'getting-paid')).toContain(`after the ${days}-day protection window`);
    expect(text('faq', 'getting-paid')).toContain(`less the ${percent}% fee`);
    expect(text('faq', 'who-can-review')).toContain(
      `until ${REVIEW_RULES.revealAfterDays} days after payment`,
    );
    expect(text('faq', 'fair-reveal')).toContain(`until ${REVIEW_RULES.revealAfterDays} days after payment`);
    expect(text('faq', 'what-is-in-a-review')).toContain(
      `up to ${REVIEW_RULES.commentMax.toLocaleString('en-GB')} characters`,
    );
    expect(text('faq', 'replying-to-a-review')).toContain(`for ${REVIEW_RULES.replyEditableHours} hours`);
    expect(text('faq', 'how-ratings-work')).toContain(`‘${REVIEW_MESSAGES.newOnTradeNest}’`);
    expect(text('faq', 'when-to-dispute')).toContain(`(${days} days after it was made`);
    expect(text('faq', 'dispute-reasons')).toContain(
      `in ${LIMITS.disputeDescriptionMin} to ${LIMITS.disputeDescriptionMax.toLocaleString('en-GB')} characters`,
    );
    expect(text('faq', 'after-a-dispute')).toContain(`has ${DISPUTE_RULES.responseDays} days to respond`);
    expect(text('faq', 'after-a-dispute')).toContain(`once the ${DISPUTE_RULES.responseDays} days are up`);
    expect(text('safety', 'pay-only-through-tradenest')).toContain(`held in escrow for ${days} days`);
    expect(text('safety', 'getting-paid-safely')).toContain(`after the ${days}-day protection window`);
    expect(text('safety', 'getting-paid-safely')).toContain(`less the ${percent}% platform fee`);
    expect(text('support', 'how-it-works-customers')).toContain(`Up to ${quotes} tradespeople can quote`);
    expect(text('support', 'how-it-works-customers')).toContain(`in escrow for ${days} days`);
    expect(text('support', 'how-it-works-customers')).toContain(`automatically after ${days} days`);
    expect(text('support', 'how-it-works-tradespeople')).toContain(`up to ${quotes} quotes`);
    expect(text('support', 'how-it-works-tradespeople')).toContain(`less our ${percent}% fee`);
    expect(text('support', 'about')).toContain(`has ${DISPUTE_RULES.responseDays} days to respond`);
    expect(text('support', 'about')).toContain(`a platform fee of ${percent}% of each payment`);
  });

  it("lists each side's dispute reasons, and names only reasons there are", () => {
    const reasons = HELP_ARTICLES.find((a) => a.id === 'dispute-reasons')!.paragraphs;
    const items = (after: string) =>
      reasons
        .slice(reasons.indexOf(after) + 1)
        .filter((_, index, rest) => rest.slice(0, index + 1).every((p) => p.startsWith('- ')))
        .map((p) => p.slice(2));
    expect(items('Customers choose from:')).toEqual([...CUSTOMER_DISPUTE_REASONS]);
    expect(items('Tradespeople choose from:')).toEqual([...TRADESPERSON_DISPUTE_REASONS]);
    expect(TRADESPERSON_DISPUTE_REASONS).toContain('Unsafe working conditions');
    expect(text('safety', 'on-site')).toContain('‘Unsafe working conditions’');
  });
});
