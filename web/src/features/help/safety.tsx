import type { HelpArticle } from '@domain/help/content';
import { AlertTriangle } from 'lucide-react';
import { helpArticle, helpSections } from './articles';
import { HelpPage, HelpSection, OnThisPage, PROSE } from './help-page';
import { HelpText } from './help-text';

const EMERGENCY = helpArticle('safety', 'emergency');
// The emergency advice is a box above the page's sections, not one of them.
const SECTIONS = helpSections('safety').filter((section) => section.id !== EMERGENCY.id);

/** A titled group of advice inside a section; its id makes it a link target (`/safety#on-site`). */
function Topic({ article }: { article: HelpArticle }) {
  return (
    <div id={article.id} className="mt-6 first:mt-0">
      <h3 className="text-lg font-semibold">{article.title}</h3>
      <div className={`mt-2 ${PROSE}`}>
        <HelpText paragraphs={article.paragraphs} />
      </div>
    </div>
  );
}

/** A section's topics; a section that is one article under its own id ('Spotting scams') has no topics. */
function SectionBody({ id, articles }: { id: string; articles: HelpArticle[] }) {
  const [only] = articles;
  if (only && only.id === id && articles.length === 1) {
    return (
      <div className={PROSE}>
        <HelpText paragraphs={only.paragraphs} />
      </div>
    );
  }
  return articles.map((article) => <Topic key={article.id} article={article} />);
}

/** Practical safety advice for both sides of a job, true to how TradeNest works. */
export function Safety() {
  return (
    <HelpPage
      title="Safety"
      intro={
        <p>
          Most jobs go smoothly. These checks help make sure yours does, whether you are having work done at
          home or doing the work.
        </p>
      }
    >
      <aside
        id={EMERGENCY.id}
        aria-labelledby="emergency-heading"
        className="rounded-xl border-2 border-destructive bg-card p-5 text-card-foreground"
      >
        <h2 id="emergency-heading" className="flex items-center gap-2 text-xl font-semibold">
          <AlertTriangle className="size-5 shrink-0 text-destructive" aria-hidden="true" />
          {EMERGENCY.title}
        </h2>
        <div className={`mt-3 ${PROSE}`}>
          <HelpText paragraphs={EMERGENCY.paragraphs} />
        </div>
      </aside>

      <OnThisPage links={SECTIONS} />

      {SECTIONS.map((section) => (
        <HelpSection key={section.id} id={section.id} title={section.title}>
          <SectionBody id={section.id} articles={section.articles} />
        </HelpSection>
      ))}
    </HelpPage>
  );
}
