import { CUSTOMER_DISPUTE_REASONS, LIMITS, TRADESPERSON_DISPUTE_REASONS } from '@domain/catalog/catalog';
import { DISPUTE_RULES } from '@domain/disputes/messages';
import { formatPence, PLATFORM_FEE_BASIS_POINTS, platformFeePence } from '@domain/money/money';
import { REVIEW_MESSAGES, REVIEW_RULES } from '@domain/reviews/messages';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

// The answers quote the rules the server enforces (docs/domain-rules.md); the figures come from the
// same constants the server uses, so they cannot drift from what actually happens.
const FEE_PERCENT = PLATFORM_FEE_BASIS_POINTS / 100;
const QUOTES = LIMITS.liveQuotesPerJob;
const PROTECTION_DAYS = LIMITS.escrowProtectionDays;
const EXAMPLE_PENCE = 40_000;
const EXAMPLE_FEE = platformFeePence(EXAMPLE_PENCE);
const REVIEW_DAYS = REVIEW_RULES.revealAfterDays;

export type FaqItem = { id: string; question: string; answer: ReactNode };
export type FaqSection = { id: string; title: string; items: FaqItem[] };

export const FAQ_SECTIONS: FaqSection[] = [
  {
    id: 'posting-a-job',
    title: 'Posting a job',
    items: [
      {
        id: 'how-to-post',
        question: 'How do I post a job?',
        answer: (
          <>
            <p>
              Create a free customer account, then choose <Link to="/post-job">Post a Job</Link>. Give the job
              a short title, describe the work (at least {LIMITS.jobDescriptionMin} characters), pick a
              category and enter the postcode where the work is. A budget and a preferred start date are
              optional.
            </p>
            <p>
              The more detail you give (sizes, materials, access, photos you can share later in messages), the
              more accurate the quotes will be.
            </p>
          </>
        ),
      },
      {
        id: 'posting-cost',
        question: 'Does it cost anything to post a job?',
        answer: (
          <p>
            No. Posting jobs and receiving quotes are free. If you book, you pay the price in the quote you
            accept, with nothing added by TradeNest.
          </p>
        ),
      },
      {
        id: 'who-sees-my-job',
        question: 'Who can see my job and my address?',
        answer: (
          <p>
            Tradespeople see your job’s description, its postcode district (for example AL1) and how far it is
            from them. Your full postcode is shown only to the tradesperson you book. Other customers cannot
            see your jobs.
          </p>
        ),
      },
      {
        id: 'edit-or-cancel-job',
        question: 'Can I change or cancel a job?',
        answer: (
          <p>
            You can edit a job while it is open and has no quotes. You can cancel an open job at any time; any
            quotes waiting on it are then declined.
          </p>
        ),
      },
    ],
  },
  {
    id: 'quotes',
    title: 'Quotes',
    items: [
      {
        id: 'how-many-quotes',
        question: 'How many quotes will I get?',
        answer: (
          <p>
            Up to {QUOTES}. Once a job has {QUOTES} quotes that are waiting or accepted, it stops appearing to
            other tradespeople, so you can compare a few good offers rather than sort through dozens.
          </p>
        ),
      },
      {
        id: 'comparing-quotes',
        question: 'How should I compare quotes?',
        answer: (
          <p>
            Look beyond the price: read what each quote includes, open the tradesperson’s profile to check
            their verification, reviews and experience, and message them with any questions before you decide.
            A clear written scope now saves arguments later (see <Link to="/safety">Safety</Link>).
          </p>
        ),
      },
      {
        id: 'sending-a-quote',
        question: 'I’m a tradesperson. How do I send a quote?',
        answer: (
          <>
            <p>
              Add your trade to your profile, then open a job from Find Jobs and send your price with a
              message explaining what it includes. You can send one quote per job, and edit or withdraw it
              while it is waiting for the customer. Quotes must be more than £0 and at most{' '}
              {formatPence(LIMITS.quoteMaxPence, 0)}.
            </p>
            <p>
              A job takes up to {QUOTES} quotes, so once it has them it leaves your list unless you have
              quoted on it.
            </p>
          </>
        ),
      },
      {
        id: 'accepting-a-quote',
        question: 'What happens when I accept a quote?',
        answer: (
          <p>
            A booking is made with that tradesperson for the quoted price, the other quotes on the job are
            declined automatically, and the job shows as in progress. Only one quote per job can be accepted.
          </p>
        ),
      },
    ],
  },
  {
    id: 'booking',
    title: 'Booking',
    items: [
      {
        id: 'booking-with-a-date',
        question: 'Do I have to choose a date when I book?',
        answer: (
          <p>
            No. Accepting a quote on the job’s page books the tradesperson straight away, and you can agree
            the date in messages. If you book from the booking screen instead, you propose a date and the
            tradesperson confirms it.
          </p>
        ),
      },
      {
        id: 'cancelling-a-booking',
        question: 'Can a booking be cancelled?',
        answer: (
          <p>
            Until the tradesperson has confirmed it, either of you can cancel a booking, and the job reopens
            for quotes. Once it is confirmed, talk to the tradesperson first; if you cannot agree,{' '}
            <Link to="/support#contact">contact us</Link> or raise a dispute on the booking (see{' '}
            <a href="#disputes">Disputes</a>).
          </p>
        ),
      },
    ],
  },
  {
    id: 'payments-and-escrow',
    title: 'Payments and escrow',
    items: [
      {
        id: 'when-do-i-pay',
        question: 'When do I pay?',
        answer: (
          <p>
            When the tradesperson marks the work complete, your booking shows ‘Ready for Payment’. You then
            pay the quoted amount through our payment provider’s secure checkout. Your card details go to the
            provider: TradeNest never sees or stores your full card number. You never need to pay before the
            work is done.
          </p>
        ),
      },
      {
        id: 'escrow',
        question: 'What is escrow, and how does it protect me?',
        answer: (
          <>
            <p>
              Your payment does not go straight to the tradesperson. We hold it in escrow for a{' '}
              {PROTECTION_DAYS}-day protection window. The money is released to the tradesperson automatically
              when the {PROTECTION_DAYS} days are up, or sooner if you release it because you are happy with
              the work.
            </p>
            <p>
              If something is wrong with the work, raise a dispute on the booking during that time: the money
              is then frozen, so it is not released while our team looks into it, and our team can refund all
              or part of it to you. You can also <Link to="/support#contact">contact us</Link>.
            </p>
          </>
        ),
      },
      {
        id: 'milestones',
        question: 'Can a large job be paid in stages?',
        answer: (
          <p>
            Not yet. Milestone payments, and the saved cards they would be charged to, are not available yet.
            For now a booking is paid in one payment, through secure checkout, once the work is marked
            complete, and held in escrow for {PROTECTION_DAYS} days like any other payment.
          </p>
        ),
      },
      {
        id: 'paying-directly',
        question: 'Can I pay the tradesperson directly instead?',
        answer: (
          <p>
            Please don’t. Money paid outside TradeNest is not held in escrow, we cannot refund it if something
            goes wrong, and a booking that has not been paid through TradeNest cannot be reviewed.
          </p>
        ),
      },
    ],
  },
  {
    id: 'fees',
    title: 'Fees',
    items: [
      {
        id: 'what-tradenest-charges',
        question: 'What does TradeNest charge?',
        answer: (
          <>
            <p>
              Customers pay nothing on top of the quoted price. Tradespeople pay a platform fee of{' '}
              {FEE_PERCENT}% of each payment, rounded to the nearest penny (half a penny rounds up) and taken
              when the money is released from escrow. Money refunded to the customer carries no fee.
            </p>
            <p>
              For example, on a {formatPence(EXAMPLE_PENCE, 0)} job the customer pays{' '}
              {formatPence(EXAMPLE_PENCE)}, the fee is {formatPence(EXAMPLE_FEE)} and the tradesperson
              receives {formatPence(EXAMPLE_PENCE - EXAMPLE_FEE)}.
            </p>
          </>
        ),
      },
      {
        id: 'getting-paid',
        question: 'I’m a tradesperson. When do I get paid?',
        answer: (
          <p>
            When the money is released from escrow (after the {PROTECTION_DAYS}-day protection window, or
            sooner if the customer releases it), the payment less the {FEE_PERCENT}% fee is sent to the payout
            account you connect with our payment provider in{' '}
            <Link to="/tradesperson/setup?step=4">Business Setup</Link>. Until that account is able to receive
            payouts, released money waits for you safely. Your{' '}
            <Link to="/tradesperson/payments">Payments</Link> page shows what is held, what is ready to pay
            out, your payouts and the fees.
          </p>
        ),
      },
    ],
  },
  {
    id: 'reviews',
    title: 'Reviews',
    items: [
      {
        id: 'who-can-review',
        question: 'Who can leave a review?',
        answer: (
          <p>
            Only the two people of a booking that has been completed and paid through TradeNest: the customer
            reviews the tradesperson and the tradesperson reviews the customer, each once for that booking. So
            every review comes from real, paid work on TradeNest. Reviews can be written until {REVIEW_DAYS}{' '}
            days after payment.
          </p>
        ),
      },
      {
        id: 'fair-reveal',
        question: 'When does my review appear?',
        answer: (
          <p>
            A review stays hidden from everyone but its author until the other person has reviewed too, or
            until {REVIEW_DAYS} days after payment, whichever comes first. Then whatever was written is
            published and no more reviews can be written for that booking, so neither of you can be swayed by
            the other’s review. You are both told when reviews are published.
          </p>
        ),
      },
      {
        id: 'what-is-in-a-review',
        question: 'What goes in a review?',
        answer: (
          <p>
            A rating from 1 to 5 stars and, if you like, a comment of up to{' '}
            {REVIEW_RULES.commentMax.toLocaleString('en-GB')} characters. Please keep it honest and about your
            own experience.
          </p>
        ),
      },
      {
        id: 'replying-to-a-review',
        question: 'Can I reply to a review?',
        answer: (
          <p>
            Yes. Once a review about you is published, you can post one public reply to it, and change it for{' '}
            {REVIEW_RULES.replyEditableHours} hours after you first post it.
          </p>
        ),
      },
      {
        id: 'reporting-a-review',
        question: 'What if a review is abusive or not about the job?',
        answer: (
          <p>
            Anyone signed in, apart from the person who wrote it, can report a published review as abusive or
            offensive, or as not about the job. Our team looks at each report and either hides the review,
            giving a reason, or keeps it. A hidden review no longer shows anywhere and no longer counts
            towards the rating, and both people are told.
          </p>
        ),
      },
      {
        id: 'how-ratings-work',
        question: 'How is a rating worked out?',
        answer: (
          <p>
            It is the average of the person’s published reviews, rounded to one decimal place, and it is the
            same number everywhere on TradeNest. Hidden reviews do not count. Someone with no published
            reviews yet shows ‘{REVIEW_MESSAGES.newOnTradeNest}’ instead of a rating. A tradesperson can
            choose not to show the text of their reviews on their profile; their rating and number of reviews
            are still shown.
          </p>
        ),
      },
    ],
  },
  {
    id: 'disputes',
    title: 'Disputes',
    items: [
      {
        id: 'when-to-dispute',
        question: 'When can I raise a dispute?',
        answer: (
          <>
            <p>
              Either the customer or the tradesperson can raise a dispute on a booking while the work is in
              progress, while it is waiting for payment, or while any of its payment is still held in escrow (
              {PROTECTION_DAYS} days after it was made, unless it was released sooner). Use Raise Dispute on
              the booking: on My Jobs, on My Bookings, on the tradesperson dashboard or on the job’s page.
              Follow it on the <Link to="/disputes">Disputes</Link> screen.
            </p>
            <p>
              Try to sort things out in messages first. A booking has one open dispute at a time; once all its
              money has been paid out, <Link to="/support#contact">contact us</Link> instead.
            </p>
          </>
        ),
      },
      {
        id: 'dispute-reasons',
        question: 'What reasons can I give?',
        answer: (
          <>
            <p>Customers choose from:</p>
            <ul>
              {CUSTOMER_DISPUTE_REASONS.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
            <p>Tradespeople choose from:</p>
            <ul>
              {TRADESPERSON_DISPUTE_REASONS.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
            <p>
              You then describe what happened in {LIMITS.disputeDescriptionMin} to{' '}
              {LIMITS.disputeDescriptionMax.toLocaleString('en-GB')} characters.
            </p>
          </>
        ),
      },
      {
        id: 'after-a-dispute',
        question: 'What happens after I raise a dispute?',
        answer: (
          <>
            <p>
              The booking is marked as disputed and any money still held for it is frozen, so it is not
              released while the dispute is open. The other party is told and has {DISPUTE_RULES.responseDays}{' '}
              days to respond. Both of you can add statements, photos and messages on the dispute’s page.
            </p>
            <p>
              After the response, or once the {DISPUTE_RULES.responseDays} days are up, our team reviews the
              booking, its messages, its payments and the evidence, and decides: release the held money to the
              tradesperson, refund it to the customer, or split it between them. You both see the decision and
              the reason for it. This does not affect your legal rights.
            </p>
          </>
        ),
      },
    ],
  },
  {
    id: 'verification',
    title: 'Verification',
    items: [
      {
        id: 'what-verified-means',
        question: 'What does ‘Verified’ mean?',
        answer: (
          <>
            <p>
              A verified tradesperson has sent us photo ID and a public liability insurance certificate, our
              team has checked and approved both, and the insurance has not expired. If it expires, they stop
              being verified until a new certificate is approved. Only verified tradespeople appear in search
              listings.
            </p>
            <p>
              Verification confirms who someone is and that they are insured. It is not a guarantee of the
              quality of their work: read their reviews too, and check any trade registration the job needs
              (see <Link to="/safety">Safety</Link>).
            </p>
          </>
        ),
      },
      {
        id: 'getting-verified',
        question: 'I’m a tradesperson. How do I get verified?',
        answer: (
          <p>
            Upload your photo ID and your public liability insurance certificate (with its expiry date) on the{' '}
            <Link to="/documents">Documents</Link> screen or in Business Setup, along with any trade
            accreditations. Our team approves or rejects each document, and tells you why if one is rejected.
            Upload your renewed insurance before the old certificate expires to stay verified.
          </p>
        ),
      },
    ],
  },
  {
    id: 'accounts-and-data',
    title: 'Your account and data',
    items: [
      {
        id: 'account-types',
        question: 'What is the difference between a customer and a tradesperson account?',
        answer: (
          <p>
            Customers post jobs and hire; tradespeople quote for jobs and do the work. You choose when you
            sign up, and an account is one or the other.
          </p>
        ),
      },
      {
        id: 'confirming-email',
        question: 'Why should I confirm my email address?',
        answer: (
          <p>
            Your account works straight away, but confirming your address means our emails about quotes,
            messages and payments reach you. The link we send works for 7 days; if it has expired, choose
            ‘Resend email’ on the reminder at the top of the page while you are signed in.
          </p>
        ),
      },
      {
        id: 'notification-emails',
        question: 'How do I choose which emails I get?',
        answer: (
          <p>
            Use the switches under Settings on your <Link to="/profile">account</Link> page.
          </p>
        ),
      },
      {
        id: 'password-and-security',
        question: 'How do I change my password?',
        answer: (
          <p>
            Under Settings on your <Link to="/profile">account</Link> page. Changing it signs you out on every
            other device. TradeNest will never ask for your password by email, phone or message.
          </p>
        ),
      },
      {
        id: 'download-data',
        question: 'Can I get a copy of my data?',
        answer: (
          <p>
            Yes. Choose ‘Download my data’ under Settings on your <Link to="/profile">account</Link> page for
            a copy in JSON format. Our <Link to="/privacy">Privacy Policy</Link> explains what we keep and
            why.
          </p>
        ),
      },
      {
        id: 'delete-account',
        question: 'How do I delete my account?',
        answer: (
          <p>
            Choose ‘Delete account’ under Settings on your <Link to="/profile">account</Link> page. We remove
            your name, email address, photo and profile details, messages you sent show as from ‘Deleted
            user’, and you are signed out everywhere. Records of payments are kept for as long as the law
            requires.
          </p>
        ),
      },
    ],
  },
];
