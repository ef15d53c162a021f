import { LIMITS } from '@domain/catalog/catalog';
import { DISPUTE_RULES } from '@domain/disputes/messages';
import { PLATFORM_FEE_BASIS_POINTS } from '@domain/payments/money';
import { Link } from 'react-router';
import { LegalPage } from '@/components/layout/legal-page';

const PROTECTION_DAYS = LIMITS.escrowProtectionDays;
const FEE_PERCENT = PLATFORM_FEE_BASIS_POINTS / 100;

// Each numbered section is its own component below, so the page reads as its table of contents.
export function TermsPage() {
  return (
    <LegalPage
      title="Terms of Service"
      intro={
        <p>
          These terms apply when you use TradeNest to find, hire or work as a tradesperson. Please read them
          with our <Link to="/privacy">Privacy Policy</Link>. By creating an account you agree to them.
        </p>
      }
    >
      <WhatTradeNestDoes />
      <YourAccount />
      <JobsAndQuotes />
      <PaymentsEscrowAndFees />
      <Reviews />
      <Disputes />
      <YourConsumerRights />
      <AcceptableUse />
      <OurResponsibility />
      <SuspendingOrClosingAccounts />
      <ChangesToTheseTerms />
      <LawAndCourts />
      <Contact />
    </LegalPage>
  );
}

function WhatTradeNestDoes() {
  return (
    <>
      <h2>1. What TradeNest does</h2>
      <p>
        TradeNest is an online marketplace. Customers post jobs, tradespeople send quotes, and the two agree
        the work between themselves. We provide the platform, check tradespeople’s identity and insurance,
        hold payments in escrow and help when something goes wrong.
      </p>
      <p>
        We act as an intermediary. When a customer accepts a quote, the contract for the work is between the
        customer and the tradesperson. TradeNest is not a party to that contract, does not carry out the work
        and does not employ the tradespeople who use the platform.
      </p>
    </>
  );
}

function YourAccount() {
  return (
    <>
      <h2>2. Your account</h2>
      <ul>
        <li>You must be at least 18 and able to enter into a contract.</li>
        <li>Give accurate information and keep it up to date, including your trade and service areas.</li>
        <li>Keep your password to yourself. You are responsible for what happens on your account.</li>
        <li>One person or business, one account. Accounts cannot be transferred.</li>
      </ul>
    </>
  );
}

function JobsAndQuotes() {
  return (
    <>
      <h2>3. Jobs and quotes</h2>
      <p>
        Customers must describe jobs honestly, including anything a tradesperson needs to know to quote
        safely. Each job can receive up to {LIMITS.liveQuotesPerJob} quotes. A quote is an offer to do the
        described work for the stated price; the tradesperson should explain what it includes and what it does
        not. If the job changes once work starts, agree any new price in writing through TradeNest messages
        before the extra work is done.
      </p>
    </>
  );
}

function PaymentsEscrowAndFees() {
  return (
    <>
      <h2>4. Payments, escrow and fees</h2>
      <ul>
        <li>
          Customers pay for booked work through TradeNest. Payments are processed by our regulated payment
          provider; we never see or store full card numbers.
        </li>
        <li>
          Once a job is marked complete and paid, the money is held in escrow for a {PROTECTION_DAYS}-day
          protection window. It is released to the tradesperson automatically at the end of the window, or
          earlier if the customer releases it. If something is wrong, the customer should contact us during
          the window: while money is still held, our support team may refund all or part of it to the
          customer.
        </li>
        <li>
          The customer pays the quoted price. TradeNest charges the tradesperson a platform fee of{' '}
          {FEE_PERCENT}% of each payment released to them, rounded to the nearest penny (half a penny up) and
          deducted when the money is released. Customers pay no platform fee, and refunded money carries no
          fee.
        </li>
        <li>
          Tradespeople are paid to the payout account they connect with our payment provider, once that
          account is able to receive payouts. Until then, released money is kept for them.
        </li>
        <li>
          Milestone payments and saved cards are not available yet: each booking is paid in one payment.
        </li>
        <li>
          Arranging payment outside TradeNest for work found on TradeNest removes our escrow protection.
        </li>
      </ul>
    </>
  );
}

function Reviews() {
  return (
    <>
      <h2>5. Reviews</h2>
      <p>
        Only the customer and the tradesperson of a booking that was completed and paid can review each other,
        each once for that booking. Reviews must be honest and based on your own experience. We do not pay
        for, edit or selectively hide reviews, but we remove reviews that are unlawful, abusive or contain
        personal information, and we may remove reviews we reasonably believe are fake.
      </p>
    </>
  );
}

function Disputes() {
  return (
    <>
      <h2>6. Disputes</h2>
      <p>
        If something goes wrong, first try to resolve it with the other party through TradeNest messages. If
        that does not work, either party may raise a dispute on the booking while the work is in progress, is
        awaiting payment, or any of its payment is still held in escrow, or contact our support team. While a
        dispute is open, money held for the booking is frozen. The other party has{' '}
        {DISPUTE_RULES.responseDays} days to respond, and both sides may add evidence. Our support team then
        looks at the booking, its messages and its payments, and decides: release the held money to the
        tradesperson, refund it to the customer, or split it between them. Our decision on the held money does
        not affect your legal rights, and either party may still take the matter to court or to an alternative
        dispute resolution scheme.
      </p>
    </>
  );
}

function YourConsumerRights() {
  return (
    <>
      <h2>7. Your rights as a consumer</h2>
      <p>
        If you are a customer hiring a tradesperson, the Consumer Rights Act 2015 gives you rights against the
        tradesperson: the work must be carried out with reasonable care and skill, within a reasonable time
        and, unless a price was agreed, for a reasonable price. Anything the tradesperson tells you about the
        work and that you rely on is binding. Nothing in these terms limits those rights or any other rights
        you have by law.
      </p>
    </>
  );
}

function AcceptableUse() {
  return (
    <>
      <h2>8. Acceptable use</h2>
      <ul>
        <li>No false, misleading or discriminatory content, and no harassment of other users.</li>
        <li>No spam, no scraping, and no attempts to break or get around the platform’s security.</li>
        <li>Only share another person’s details when they need them to complete a job.</li>
      </ul>
    </>
  );
}

function OurResponsibility() {
  return (
    <>
      <h2>9. Our responsibility to you</h2>
      <p>
        We provide the platform with reasonable care and skill. We check identity and insurance documents, but
        we do not supervise work and are not responsible for the quality of work a tradesperson carries out,
        which is their responsibility. We are responsible for loss that is a foreseeable result of our
        breaking these terms or failing to use reasonable care. We do not exclude liability for death or
        personal injury caused by our negligence, for fraud, or for anything else that cannot be excluded by
        law.
      </p>
    </>
  );
}

function SuspendingOrClosingAccounts() {
  return (
    <>
      <h2>10. Suspending or closing accounts</h2>
      <p>
        You can close your account at any time from your profile. We may suspend or close an account that
        breaks these terms or puts other users at risk; we will tell you why unless the law or a safety
        concern prevents it. Money held in escrow at that time is dealt with under section 6.
      </p>
    </>
  );
}

function ChangesToTheseTerms() {
  return (
    <>
      <h2>11. Changes to these terms</h2>
      <p>
        We may update these terms when our service or the law changes. We will tell you about important
        changes before they take effect. If you do not agree, you can close your account.
      </p>
    </>
  );
}

function LawAndCourts() {
  return (
    <>
      <h2>12. Law and courts</h2>
      <p>
        These terms are governed by the law of England and Wales. You can bring proceedings in the courts of
        England and Wales; if you live in Scotland or Northern Ireland you can also bring proceedings in your
        local courts.
      </p>
    </>
  );
}

function Contact() {
  return (
    <>
      <h2>13. Contact</h2>
      <p>
        Questions about these terms are welcome through our <Link to="/support#contact">Support</Link> page.
      </p>
    </>
  );
}

export { TermsPage as Component };
