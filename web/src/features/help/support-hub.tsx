import type { HelpArticle } from '@domain/help/content';
import { AlertTriangle, CircleHelp, type LucideIcon, MessageCircle, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { helpArticle, helpSection } from './articles';
import { ContactSupport } from './contact-support';
import { HelpPage, HelpSection, PROSE } from './help-page';
import { HelpInline, HelpText } from './help-text';

// The spec's Support hub links (section 2, Other screens).
const HELP_LINKS: { to: string; title: string; description: string; icon: LucideIcon }[] = [
  {
    to: '/faq',
    title: 'FAQ',
    description: 'Answers about jobs, quotes, payments and escrow, fees, reviews and your account.',
    icon: CircleHelp,
  },
  {
    to: '/chat-support',
    title: 'Chat Support',
    description: 'Message our support team.',
    icon: MessageCircle,
  },
  {
    to: '/disputes',
    title: 'Disputes',
    description:
      'Your disputes: raise one from a booking that has gone wrong, follow it, add evidence and messages.',
    icon: AlertTriangle,
  },
  {
    to: '/safety',
    title: 'Safety',
    description: 'Practical advice for hiring a tradesperson and for working in people’s homes.',
    icon: ShieldCheck,
  },
];

const HOW_IT_WORKS = helpSection('support', 'how-it-works');
const ABOUT = helpArticle('support', 'about');
const CONTACT = helpArticle('support', 'contact');

/** How It Works for one side: numbered steps, each written 'Step title: what happens'. */
function Steps({ article }: { article: HelpArticle }) {
  const steps = article.paragraphs.map((paragraph) => {
    const step = /^\d+\. (.+?): (.+)$/.exec(paragraph);
    if (!step) throw new Error(`${article.path}: a step is written '1. Title: text'`);
    return { title: step[1]!, text: step[2]! };
  });
  return (
    <div id={article.id}>
      <h3 className="text-lg font-semibold">{article.title}</h3>
      <ol className="mt-4 space-y-4">
        {steps.map((step, index) => (
          <li key={step.title} className="flex gap-4">
            <span
              className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground"
              aria-hidden="true"
            >
              {index + 1}
            </span>
            <div>
              <p className="font-medium">{step.title}</p>
              <p className="mt-1 text-sm text-muted-foreground">
                <HelpInline text={step.text} />
              </p>
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** The Support hub: How It Works, About and Contact in one page (spec route table), with help links. */
export function SupportHub() {
  return (
    <HelpPage title="Support" intro={<p>How TradeNest works, who we are, and how to reach us.</p>}>
      <HelpSection id="help" title="Get help">
        <ul className="grid gap-4 sm:grid-cols-2">
          {HELP_LINKS.map(({ to, title, description, icon: Icon }) => (
            // The whole card is clickable through the link's stretched ::after; the link alone is announced.
            <li
              key={to}
              className="relative rounded-xl border border-border bg-card p-5 text-card-foreground shadow-sm transition-colors focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-ring hover:bg-muted"
            >
              <Icon className="size-6 text-primary" aria-hidden="true" />
              <h3 className="mt-3 font-semibold">
                <Link to={to} className="after:absolute after:inset-0 focus-visible:outline-none">
                  {title}
                </Link>
              </h3>
              <p className="mt-1 text-sm text-muted-foreground">{description}</p>
            </li>
          ))}
        </ul>
      </HelpSection>

      <HelpSection id={HOW_IT_WORKS.id} title={HOW_IT_WORKS.title}>
        <div className="grid gap-10 md:grid-cols-2">
          {HOW_IT_WORKS.articles.map((article) => (
            <Steps key={article.id} article={article} />
          ))}
        </div>
        <p className="mt-6">
          <Link to="/faq#escrow" className="text-primary underline underline-offset-4">
            How escrow protects your payment
          </Link>
        </p>
      </HelpSection>

      <HelpSection id={ABOUT.id} title={ABOUT.section}>
        <div className={PROSE}>
          <HelpText paragraphs={ABOUT.paragraphs} />
        </div>
      </HelpSection>

      <HelpSection id={CONTACT.id} title={CONTACT.section}>
        <div className="space-y-6">
          <HelpText paragraphs={CONTACT.paragraphs} />
          <ContactSupport />
        </div>
      </HelpSection>
    </HelpPage>
  );
}
