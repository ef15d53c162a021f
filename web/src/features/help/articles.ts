import { HELP_ARTICLES, HELP_SECTIONS, type HelpArticle, type HelpPage } from '@domain/help/content';

/** A page's sections, in order, each with its articles. */
export function helpSections(page: HelpPage) {
  return HELP_SECTIONS.filter((section) => section.page === page).map((section) => ({
    ...section,
    articles: HELP_ARTICLES.filter((article) => article.page === page && article.section === section.title),
  }));
}

/** One article, by its page and id (`helpArticle('support', 'about')`). */
export function helpArticle(page: HelpPage, id: string): HelpArticle {
  const article = HELP_ARTICLES.find((a) => a.page === page && a.id === id);
  if (!article) throw new Error(`No help article ${page}#${id}`);
  return article;
}

/** One section of a page, with its articles, by id (`helpSection('support', 'how-it-works')`). */
export function helpSection(page: HelpPage, id: string) {
  const section = helpSections(page).find((s) => s.id === id);
  if (!section) throw new Error(`No help section ${page}#${id}`);
  return section;
}
