import type { ReactNode } from 'react';

export type ArticlePageProps = { title: string; intro: ReactNode; children: ReactNode };

/**
 * A readable column (max-w-3xl) with the page's one h1 and a short introduction: the frame of the
 * legal and help pages, which differ only in their spacing and body styles.
 */
export function ArticlePage({
  title,
  intro,
  children,
  className,
  bodyClassName,
}: ArticlePageProps & { className: string; bodyClassName: string }) {
  return (
    <article className={`mx-auto max-w-3xl px-4 ${className}`}>
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      <div className="mt-4 text-lg text-muted-foreground">{intro}</div>
      <div className={`mt-10 ${bodyClassName}`}>{children}</div>
    </article>
  );
}
