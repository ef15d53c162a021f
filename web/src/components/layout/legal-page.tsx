import { ArticlePage, type ArticlePageProps } from './article-page';

/** A readable column for long legal text (about 70 characters a line), styled without a typography plugin. */
export function LegalPage(props: ArticlePageProps) {
  return (
    <ArticlePage
      {...props}
      className="py-12 sm:py-16"
      bodyClassName="space-y-4 leading-relaxed [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4 [&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-semibold [&_h2]:tracking-tight [&_h3]:mt-6 [&_h3]:text-lg [&_h3]:font-semibold [&_li]:mt-2 [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-6"
    />
  );
}
