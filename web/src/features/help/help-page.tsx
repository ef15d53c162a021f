import type { ReactNode } from 'react';
import { ArticlePage, type ArticlePageProps } from '@/components/layout/article-page';

/** The frame of the help pages: a readable column with the page's one h1 and a short introduction. */
export function HelpPage(props: ArticlePageProps) {
  return <ArticlePage {...props} className="py-10 sm:py-14" bodyClassName="space-y-12" />;
}

/** Body text styles for help content: links, lists and paragraphs, without a typography plugin. */
export const PROSE =
  'space-y-3 leading-relaxed [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4 [&_li]:mt-1.5 [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6';

/** A titled part of a help page; `id` makes it a link target (`/support#contact`). */
export function HelpSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const headingId = `${id}-heading`;
  return (
    // A linked section's heading stops clear of the sticky header: index.css's scroll-padding-top.
    <section id={id} aria-labelledby={headingId}>
      <h2 id={headingId} className="text-2xl font-semibold tracking-tight">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** A short list of in-page links, for pages long enough to need one. */
export function OnThisPage({ links }: { links: readonly { id: string; title: string }[] }) {
  return (
    <nav aria-labelledby="on-this-page" className="rounded-xl border border-border bg-muted p-4">
      <h2 id="on-this-page" className="text-sm font-semibold">
        On this page
      </h2>
      <ul className="mt-2 grid gap-x-6 gap-y-1 sm:grid-cols-2">
        {links.map((link) => (
          <li key={link.id}>
            <a
              href={`#${link.id}`}
              className="inline-block py-1 text-sm text-primary underline-offset-4 hover:underline"
            >
              {link.title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
