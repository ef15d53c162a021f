import { LIMITS } from '@domain/catalog/catalog';
import { DISPUTE_RULES } from '@domain/disputes/messages';
import { PLATFORM_FEE_BASIS_POINTS } from '@domain/money/money';
import { AlertTriangle, CircleHelp, type LucideIcon, MessageCircle, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { ContactSupport } from './contact-support';
import { HelpPage, HelpSection, PROSE } from './help-page';

const FEE_PERCENT = PLATFORM_FEE_BASIS_POINTS / 100;
const QUOTES = LIMITS.liveQuotesPerJob;
const PROTECTION_DAYS = LIMITS.escrowProtectionDays;

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

const CUSTOMER_STEPS = [
  {
    title: 'Post Your Job',
    text: 'Describe the work, add the postcode and a budget if you have one. Posting is free.',
  },
  {
    title: 'Get Quotes',
    text: `Up to ${QUOTES} tradespeople can quote. Compare their prices, profiles and reviews, and message them with questions.`,
  },
  {
    title: 'Book & Pay Securely',
    text: `Accept the quote that suits you. When the work is marked complete you pay through secure checkout, and we hold the money in escrow for ${PROTECTION_DAYS} days before the tradesperson is paid. If something is wrong, contact us while it is held: our team can refund it.`,
  },
  {
    title: 'Review & Done',
    text: `Release the money to the tradesperson when you are happy, or it is released automatically after ${PROTECTION_DAYS} days. Your review of 1 to 5 stars helps the next customer choose.`,
  },
] as const;

const TRADESPERSON_STEPS = [
  {
    title: 'Set up your profile',
    text: 'Add your trade, services, rates and the areas you cover.',
  },
  {
    title: 'Get verified',
    text: 'Upload photo ID and your public liability insurance. Once our team approves them you appear in search listings with the Verified badge.',
  },
  {
    title: 'Quote for jobs',
    text: `Find open jobs near you and send a quote. Each job takes up to ${QUOTES} quotes, so customers can compare properly.`,
  },
  {
    title: 'Get paid',
    text: `Mark the job complete and the customer pays into escrow. After the ${PROTECTION_DAYS}-day protection window (or sooner if the customer releases it), the payment less our ${FEE_PERCENT}% fee is paid out to the payout account you connect in Business Setup, once that account can receive payouts.`,
  },
] as const;

function Steps({ title, steps }: { title: string; steps: readonly { title: string; text: string }[] }) {
  return (
    <div>
      <h3 className="text-lg font-semibold">{title}</h3>
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
              <p className="mt-1 text-sm text-muted-foreground">{step.text}</p>
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

      <HelpSection id="how-it-works" title="How It Works">
        <div className="grid gap-10 md:grid-cols-2">
          <Steps title="For customers" steps={CUSTOMER_STEPS} />
          <Steps title="For tradespeople" steps={TRADESPERSON_STEPS} />
        </div>
        <p className="mt-6">
          <Link to="/faq#escrow" className="text-primary underline underline-offset-4">
            How escrow protects your payment
          </Link>
        </p>
      </HelpSection>

      <HelpSection id="about" title="About TradeNest">
        <div className={PROSE}>
          <p>
            TradeNest is a UK marketplace that connects homeowners with local tradespeople, from plumbers and
            electricians to builders, decorators and gardeners.
          </p>
          <ul>
            <li>We check every listed tradesperson’s photo ID and public liability insurance.</li>
            <li>
              We hold payments in escrow, so customers pay for finished work and tradespeople know the money
              is there.
            </li>
            <li>
              Reviews come only from bookings that were completed and paid, and the customer and the
              tradesperson review each other.
            </li>
            <li>
              When something goes wrong, either side can raise a dispute on the booking: any money held for it
              is frozen, the other side has {DISPUTE_RULES.responseDays} days to respond, and our team decides
              whether to release it, refund it or split it.
            </li>
          </ul>
          <p>
            Posting jobs and getting quotes is free for customers. We charge tradespeople a platform fee of{' '}
            {FEE_PERCENT}% of each payment. The work itself is agreed between the customer and the
            tradesperson: TradeNest provides the platform and does not employ the tradespeople who use it (see
            our <Link to="/terms">Terms of Service</Link>).
          </p>
        </div>
      </HelpSection>

      <HelpSection id="contact" title="Contact us">
        <div className="space-y-6">
          <p>
            Call or email us about your account, a payment or anything else. If there is a problem with a
            booking, you can also raise a dispute from the booking itself (on My Jobs, My Bookings or the
            job’s page) while the work is in progress, awaiting payment, or its money is still held in escrow:
            the money stays frozen until our team has decided.
          </p>
          <ContactSupport />
        </div>
      </HelpSection>
    </HelpPage>
  );
}
