import { Link, useLocation } from 'react-router';
import { helpSections } from './articles';
import { Disclosure } from './disclosure';
import { HelpPage, HelpSection, OnThisPage } from './help-page';
import { HelpText } from './help-text';

const SECTIONS = helpSections('faq');

/** Frequently asked questions, grouped by topic; each answer opens under its question. */
export function Faq() {
  // A link to one question (/faq#escrow) opens it, so the reader lands on the answer, not a list.
  const target = useLocation().hash.slice(1);
  return (
    <HelpPage
      title="Frequently Asked Questions"
      intro={
        <p>
          How TradeNest works for customers and tradespeople: jobs, quotes, payments and escrow, fees,
          reviews, disputes, verification and your account. Can’t find your answer?{' '}
          <Link to="/support#contact" className="text-primary underline underline-offset-4">
            Contact support
          </Link>
          .
        </p>
      }
    >
      <OnThisPage links={SECTIONS} />
      {SECTIONS.map((section) => (
        <HelpSection key={section.id} id={section.id} title={section.title}>
          <div className="border-t border-border">
            {section.articles.map((article) => (
              <Disclosure
                key={article.id}
                id={article.id}
                question={article.title}
                defaultOpen={article.id === target}
              >
                <HelpText paragraphs={article.paragraphs} />
              </Disclosure>
            ))}
          </div>
        </HelpSection>
      ))}
    </HelpPage>
  );
}
