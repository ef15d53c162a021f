import { Link, useLocation } from 'react-router';
import { Disclosure } from './disclosure';
import { FAQ_SECTIONS } from './faq-content';
import { HelpPage, HelpSection, OnThisPage } from './help-page';

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
      <OnThisPage links={FAQ_SECTIONS} />
      {FAQ_SECTIONS.map((section) => (
        <HelpSection key={section.id} id={section.id} title={section.title}>
          <div className="border-t border-border">
            {section.items.map((item) => (
              <Disclosure
                key={item.id}
                id={item.id}
                question={item.question}
                defaultOpen={item.id === target}
              >
                {item.answer}
              </Disclosure>
            ))}
          </div>
        </HelpSection>
      ))}
    </HelpPage>
  );
}
