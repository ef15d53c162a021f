import { CUSTOMER_DISPUTE_REASONS, LIMITS, TRADESPERSON_DISPUTE_REASONS } from '../catalog/catalog';
import { DISPUTE_RULES } from '../disputes/messages';
import { MILESTONE_RULES } from '../milestones/messages';
import { formatPence, PLATFORM_FEE_BASIS_POINTS, platformFeePence } from '../payments/money';
import { REVIEW_MESSAGES, REVIEW_RULES } from '../reviews/messages';
import { INSURANCE_REMINDER_DAYS } from '../verification/verification';

// The product's help content (FAQ, Safety, Support) as data: the help pages render it, and the assistant
// searches it (server/adapters/ai/local). Plain text; a link is written [label](/path), and a paragraph
// starting with '- ' is a list item ('1. ', '2. '… for a numbered list).
//
// A few links leave the app: the emergency numbers ([0800 111 999](tel:+448001119999)) and two outside
// sites (https://). Only a link whose target starts with '/' is a screen of TradeNest.
//
// The answers quote the rules the server enforces (docs/domain-rules.md); the figures come from the same
// constants the server uses, so they cannot drift from what actually happens.

export type HelpPage = 'faq' | 'safety' | 'support';

export interface HelpArticle {
  /** Unique within its page; the page's anchor (`/faq#how-to-post`). */
  id: string;
  page: HelpPage;
  /** The section it sits in ('Posting a job'). */
  section: string;
  /** The question or heading ('How do I post a job?'). */
  title: string;
  paragraphs: string[];
  /** Where it is read: `/${page}#${id}`. */
  path: string;
}

/** A titled part of a help page, in page order; `id` is its anchor (`/faq#disputes`). */
export interface HelpPageSection {
  id: string;
  page: HelpPage;
  /** As the articles' `section` names it. */
  title: string;
}

const FEE_PERCENT = PLATFORM_FEE_BASIS_POINTS / 100;
const QUOTES = LIMITS.liveQuotesPerJob;
const PROTECTION_DAYS = LIMITS.escrowProtectionDays;
const REVIEW_DAYS = REVIEW_RULES.revealAfterDays;
/** A milestone marked done is released this long after, unless approved sooner or disputed. */
const MILESTONE_APPROVAL_DAYS = MILESTONE_RULES.approvalDays;
/** The FAQ's worked example of the fee: a £400 job. */
export const FEE_EXAMPLE_PENCE = 40_000;
const EXAMPLE_FEE = platformFeePence(FEE_EXAMPLE_PENCE);

type Source = {
  id: string;
  title: string;
  articles: { id: string; title: string; paragraphs: string[] }[];
};

const FAQ: Source[] = [
  {
    id: 'posting-a-job',
    title: 'Posting a job',
    articles: [
      {
        id: 'how-to-post',
        title: 'How do I post a job?',
        paragraphs: [
          `Create a free customer account, then choose [Post a Job](/post-job). Give the job a short title, describe the work (at least ${LIMITS.jobDescriptionMin} characters), pick a category and enter the postcode where the work is. A budget and a preferred start date are optional.`,
          'The more detail you give (sizes, materials, access, photos you can share later in messages), the more accurate the quotes will be.',
        ],
      },
      {
        id: 'posting-cost',
        title: 'Does it cost anything to post a job?',
        paragraphs: [
          `No. Posting jobs and receiving quotes are free. If you book, you pay the price in the quote you accept, with nothing added by TradeNest. Tradespeople pay a platform fee of ${FEE_PERCENT}% of each payment for completed work (see [Fees](/faq#what-tradenest-charges)).`,
        ],
      },
      {
        id: 'who-sees-my-job',
        title: 'Who can see my job and my address?',
        paragraphs: [
          'Tradespeople see your job’s description, its postcode district (for example AL1) and how far it is from them. Your full postcode is shown only to the tradesperson you book. Other customers cannot see your jobs.',
        ],
      },
      {
        id: 'edit-or-cancel-job',
        title: 'Can I change or cancel a job?',
        paragraphs: [
          'You can edit a job while it is open and has no quotes. You can cancel an open job at any time; any quotes waiting on it are then declined.',
        ],
      },
    ],
  },
  {
    id: 'quotes',
    title: 'Quotes',
    articles: [
      {
        id: 'how-many-quotes',
        title: 'How many quotes will I get?',
        paragraphs: [
          `Up to ${QUOTES}. Once a job has ${QUOTES} quotes that are waiting or accepted, it stops appearing to other tradespeople, so you can compare a few good offers rather than sort through dozens.`,
        ],
      },
      {
        id: 'comparing-quotes',
        title: 'How should I compare quotes?',
        paragraphs: [
          'Look beyond the price: read what each quote includes, open the tradesperson’s profile to check their verification, reviews and experience, and message them with any questions before you decide. A clear written scope now saves arguments later (see [Safety](/safety)).',
        ],
      },
      {
        id: 'sending-a-quote',
        title: 'I’m a tradesperson. How do I send a quote?',
        paragraphs: [
          `Add your trade to your profile, then open a job from Find Jobs and send your price with a message explaining what it includes. You can send one quote per job, and edit or withdraw it while it is waiting for the customer. Quotes must be more than £0 and at most ${formatPence(LIMITS.quoteMaxPence, 0)}.`,
          `A job takes up to ${QUOTES} quotes, so once it has them it leaves your list unless you have quoted on it.`,
        ],
      },
      {
        id: 'accepting-a-quote',
        title: 'What happens when I accept a quote?',
        paragraphs: [
          'A booking is made with that tradesperson for the quoted price, the other quotes on the job are declined automatically, and the job shows as in progress. Only one quote per job can be accepted.',
        ],
      },
    ],
  },
  {
    id: 'booking',
    title: 'Booking',
    articles: [
      {
        id: 'booking-with-a-date',
        title: 'Do I have to choose a date when I book?',
        paragraphs: [
          'No. Accepting a quote on the job’s page books the tradesperson straight away, and you can agree the date in messages. If you book from the booking screen instead, you propose a date and the tradesperson confirms it.',
          'The booking calendar offers only the days the tradesperson works and still has room for: days they are away, do not work, or are fully booked are greyed out, and so are days too soon for the notice they need.',
        ],
      },
      {
        id: 'changing-the-date',
        title: 'Can we move a booking to another day?',
        paragraphs: [
          'Yes, while the work has not been done. Either of you chooses Reschedule on the booking and proposes a new day (only days the tradesperson can take are offered); the other accepts or declines, and both of you are told. The booking keeps the history of its dates. Both of you are reminded the day before a confirmed booking.',
        ],
      },
      {
        id: 'tradesperson-calendar',
        title: 'I’m a tradesperson. How do I set the days I work?',
        paragraphs: [
          'On your [Calendar](/tradesperson/calendar), under Availability: tick the days you work and their hours, how many days’ notice you need and how many jobs you take a day, and add time off for holidays. Customers can then book only the days you can take. Until you save a working week, any day can be booked.',
          'The calendar shows your bookings, milestone due dates and time off by month or week (a list on a phone). Its calendar feed gives you a private link to add your bookings to Google Calendar, Apple Calendar or Outlook; make a new link at any time and the old one stops working.',
        ],
      },
      {
        id: 'tradesperson-analytics',
        title: 'I’m a tradesperson. How are my quotes doing?',
        paragraphs: [
          'Your [Analytics](/tradesperson/analytics) page shows, for the last 30 days, 90 days or 12 months against the period before: how often your profile was opened and you appeared in searches (counted per day, never who looked), the quotes you sent and won, how fast you answer new jobs compared with others in your area, jobs completed, earnings after the fee, your reviews and repeat customers, with suggestions worked out from those figures.',
        ],
      },
      {
        id: 'cancelling-a-booking',
        title: 'Can a booking be cancelled?',
        paragraphs: [
          'Until the tradesperson has confirmed it, either of you can cancel a booking, and the job reopens for quotes. Once it is confirmed, talk to the tradesperson first; if you cannot agree, [contact us](/support#contact) or raise a dispute on the booking (see [Disputes](/faq#disputes)).',
        ],
      },
    ],
  },
  {
    id: 'payments-and-escrow',
    title: 'Payments and escrow',
    articles: [
      {
        id: 'when-do-i-pay',
        title: 'When do I pay?',
        paragraphs: [
          'When the tradesperson marks the work complete, your booking shows ‘Ready for Payment’. You then pay the quoted amount through our payment provider’s secure checkout. Your card details go to the provider: TradeNest never sees or stores your full card number. Unless you agree a milestone plan for a larger job, you never pay before the work is marked complete.',
        ],
      },
      {
        id: 'escrow',
        title: 'What is escrow, and how does it protect me?',
        paragraphs: [
          `Your payment does not go straight to the tradesperson. We hold it in escrow for a ${PROTECTION_DAYS}-day protection window. The money is released to the tradesperson automatically when the ${PROTECTION_DAYS} days are up, or sooner if you release it because you are happy with the work.`,
          'If something is wrong with the work, raise a dispute on the booking during that time: the money is then frozen, so it is not released while our team looks into it, and our team can refund all or part of it to you. You can also [contact us](/support#contact).',
        ],
      },
      {
        id: 'milestones',
        title: 'Can a large job be paid in stages?',
        paragraphs: [
          'Yes. Once the booking is confirmed, the tradesperson can propose a milestone plan: stages with a title, an amount and a due date, adding up to the booking amount exactly. You accept or decline it on the booking’s [Milestone payments](/my-jobs) page; once you accept, it changes only if you accept a revision, and only before the first stage is paid.',
          'You pay each milestone from a card saved on [Payment Methods](/payment-methods). If your bank asks you to confirm the payment, you are taken to its check and brought back.',
          `Each paid milestone is held in escrow. When the tradesperson marks it done, you approve it to release it, or it is released ${MILESTONE_APPROVAL_DAYS} days later unless you raise a dispute. Without a plan, a booking is paid in one payment once the work is marked complete.`,
        ],
      },
      {
        id: 'paying-directly',
        title: 'Can I pay the tradesperson directly instead?',
        paragraphs: [
          'Please don’t. Money paid outside TradeNest is not held in escrow, we cannot refund it if something goes wrong, and a booking that has not been paid through TradeNest cannot be reviewed.',
        ],
      },
    ],
  },
  {
    id: 'fees',
    title: 'Fees',
    articles: [
      {
        id: 'what-tradenest-charges',
        title: 'What does TradeNest charge?',
        paragraphs: [
          `Customers pay nothing on top of the quoted price. Tradespeople pay a platform fee of ${FEE_PERCENT}% of each payment, rounded to the nearest penny (half a penny rounds up) and taken when the money is released from escrow. Money refunded to the customer carries no fee.`,
          `For example, on a ${formatPence(FEE_EXAMPLE_PENCE, 0)} job the customer pays ${formatPence(FEE_EXAMPLE_PENCE)}, the fee is ${formatPence(EXAMPLE_FEE)} and the tradesperson receives ${formatPence(FEE_EXAMPLE_PENCE - EXAMPLE_FEE)}.`,
        ],
      },
      {
        id: 'getting-paid',
        title: 'I’m a tradesperson. When do I get paid?',
        paragraphs: [
          `When the money is released from escrow (after the ${PROTECTION_DAYS}-day protection window, or sooner if the customer releases it), the payment less the ${FEE_PERCENT}% fee is sent to the payout account you connect with our payment provider in [Business Setup](/tradesperson/setup?step=4). Until that account is able to receive payouts, released money waits for you safely. Your [Payments](/tradesperson/payments) page shows what is held, what is ready to pay out, your payouts and the fees.`,
        ],
      },
    ],
  },
  {
    id: 'reviews',
    title: 'Reviews',
    articles: [
      {
        id: 'who-can-review',
        title: 'Who can leave a review?',
        paragraphs: [
          `Only the two people of a booking that has been completed and paid through TradeNest: the customer reviews the tradesperson and the tradesperson reviews the customer, each once for that booking. So every review comes from real, paid work on TradeNest. Reviews can be written until ${REVIEW_DAYS} days after payment.`,
        ],
      },
      {
        id: 'fair-reveal',
        title: 'When does my review appear?',
        paragraphs: [
          `A review stays hidden from everyone but its author until the other person has reviewed too, or until ${REVIEW_DAYS} days after payment, whichever comes first. Then whatever was written is published and no more reviews can be written for that booking, so neither of you can be swayed by the other’s review. You are both told when reviews are published.`,
        ],
      },
      {
        id: 'what-is-in-a-review',
        title: 'What goes in a review?',
        paragraphs: [
          `A rating from 1 to 5 stars and, if you like, a comment of up to ${REVIEW_RULES.commentMax.toLocaleString('en-GB')} characters. Please keep it honest and about your own experience.`,
        ],
      },
      {
        id: 'replying-to-a-review',
        title: 'Can I reply to a review?',
        paragraphs: [
          `Yes. Once a review about you is published, you can post one public reply to it, and change it for ${REVIEW_RULES.replyEditableHours} hours after you first post it.`,
        ],
      },
      {
        id: 'reporting-a-review',
        title: 'What if a review is abusive or not about the job?',
        paragraphs: [
          'Anyone signed in, apart from the person who wrote it, can report a published review as abusive or offensive, or as not about the job. Our team looks at each report and either hides the review, giving a reason, or keeps it. A hidden review no longer shows anywhere and no longer counts towards the rating, and both people are told.',
        ],
      },
      {
        id: 'how-ratings-work',
        title: 'How is a rating worked out?',
        paragraphs: [
          `It is the average of the person’s published reviews, rounded to one decimal place, and it is the same number everywhere on TradeNest. Hidden reviews do not count. Someone with no published reviews yet shows ‘${REVIEW_MESSAGES.newOnTradeNest}’ instead of a rating. A tradesperson can choose not to show the text of their reviews on their profile; their rating and number of reviews are still shown.`,
        ],
      },
    ],
  },
  {
    id: 'disputes',
    title: 'Disputes',
    articles: [
      {
        id: 'when-to-dispute',
        title: 'When can I raise a dispute?',
        paragraphs: [
          `Either the customer or the tradesperson can raise a dispute on a booking while the work is in progress, while it is waiting for payment, or while any of its payment is still held in escrow (${PROTECTION_DAYS} days after it was made, unless it was released sooner). Use Raise Dispute on the booking: on My Jobs, on My Bookings, on the tradesperson dashboard or on the job’s page. Follow it on the [Disputes](/disputes) screen.`,
          'Try to sort things out in messages first. A booking has one open dispute at a time; once all its money has been paid out, [contact us](/support#contact) instead.',
        ],
      },
      {
        id: 'dispute-reasons',
        title: 'What reasons can I give?',
        paragraphs: [
          'Customers choose from:',
          ...CUSTOMER_DISPUTE_REASONS.map((reason) => `- ${reason}`),
          'Tradespeople choose from:',
          ...TRADESPERSON_DISPUTE_REASONS.map((reason) => `- ${reason}`),
          `You then describe what happened in ${LIMITS.disputeDescriptionMin} to ${LIMITS.disputeDescriptionMax.toLocaleString('en-GB')} characters.`,
        ],
      },
      {
        id: 'after-a-dispute',
        title: 'What happens after I raise a dispute?',
        paragraphs: [
          `The booking is marked as disputed and any money still held for it is frozen, so it is not released while the dispute is open. The other party is told and has ${DISPUTE_RULES.responseDays} days to respond. Both of you can add statements, photos and messages on the dispute’s page.`,
          `After the response, or once the ${DISPUTE_RULES.responseDays} days are up, our team reviews the booking, its messages, its payments and the evidence, and decides: release the held money to the tradesperson, refund it to the customer, or split it between them. You both see the decision and the reason for it. This does not affect your legal rights.`,
        ],
      },
    ],
  },
  {
    id: 'verification',
    title: 'Verification',
    articles: [
      {
        id: 'what-verified-means',
        title: 'What does ‘Verified’ mean?',
        paragraphs: [
          'A verified tradesperson has sent us photo ID and a public liability insurance certificate, our team has checked and approved both, and the insurance has not expired. If it expires, they stop being verified until a new certificate is approved. Only verified tradespeople appear in search listings.',
          'Verification confirms who someone is and that they are insured. It is not a guarantee of the quality of their work: read their reviews too, and check any trade registration the job needs (see [Safety](/safety)).',
        ],
      },
      {
        id: 'getting-verified',
        title: 'I’m a tradesperson. How do I get verified?',
        paragraphs: [
          'Upload your photo ID and your public liability insurance certificate (with its expiry date) on the [Documents](/documents) screen or in Business Setup, along with any trade accreditations. Our team approves or rejects each document, and tells you why if one is rejected. Upload your renewed insurance before the old certificate expires to stay verified.',
        ],
      },
    ],
  },
  {
    id: 'accounts-and-data',
    title: 'Your account and data',
    articles: [
      {
        id: 'account-types',
        title: 'What is the difference between a customer and a tradesperson account?',
        paragraphs: [
          'Customers post jobs and hire; tradespeople quote for jobs and do the work. You choose when you sign up, and an account is one or the other.',
        ],
      },
      {
        id: 'confirming-email',
        title: 'Why should I confirm my email address?',
        paragraphs: [
          'Your account works straight away, but confirming your address means our emails about quotes, messages and payments reach you. The link we send works for 7 days; if it has expired, choose ‘Resend email’ on the reminder at the top of the page while you are signed in.',
        ],
      },
      {
        id: 'notification-emails',
        title: 'How do I choose which emails I get?',
        paragraphs: ['Use the switches under Settings on your [account](/profile) page.'],
      },
      {
        id: 'password-and-security',
        title: 'How do I change my password?',
        paragraphs: [
          'Under Settings on your [account](/profile) page. Changing it signs you out on every other device. TradeNest will never ask for your password by email, phone or message.',
        ],
      },
      {
        id: 'download-data',
        title: 'Can I get a copy of my data?',
        paragraphs: [
          'Yes. Choose ‘Download my data’ under Settings on your [account](/profile) page for a copy in JSON format. Our [Privacy Policy](/privacy) explains what we keep and why.',
        ],
      },
      {
        id: 'delete-account',
        title: 'How do I delete my account?',
        paragraphs: [
          'Choose ‘Delete account’ under Settings on your [account](/profile) page. We remove your name, email address, photo and profile details, messages you sent show as from ‘Deleted user’, and you are signed out everywhere. Records of payments are kept for as long as the law requires.',
        ],
      },
    ],
  },
];

// The Safety page: the emergency box first, then sections of topics. A section without topics
// ('Spotting scams') is one article with the section's own id.
const SAFETY: Source[] = [
  {
    id: 'emergency',
    title: 'In an emergency',
    articles: [
      {
        id: 'emergency',
        title: 'In an emergency',
        paragraphs: [
          '- If anyone is hurt or in danger, call 999.',
          '- If you smell gas or think there is a leak, open doors and windows, turn off the gas at the meter if you can, don’t use electrical switches or naked flames, leave the property and call the National Gas Emergency Service on [0800 111 999](tel:+448001119999) (in Northern Ireland, the NI Gas Emergency Service on [0800 002 001](tel:+448000020001)).',
          '- If you think there is carbon monoxide, get everyone into fresh air, call the same gas emergency number and get medical help if anyone feels unwell.',
        ],
      },
    ],
  },
  {
    id: 'homeowners',
    title: 'For homeowners',
    articles: [
      {
        id: 'choosing-a-tradesperson',
        title: 'Choosing a tradesperson',
        paragraphs: [
          '- Look for the Verified badge. It means we have checked the tradesperson’s photo ID and their public liability insurance, and the insurance has not expired. Their profile lists the checks we have approved, with the insurance expiry date and any trade accreditations.',
          '- Read their reviews. On TradeNest, only customers whose booking was completed and paid can leave one, so every review comes from real work.',
          '- Verification confirms identity and insurance, not workmanship. For bigger jobs, compare more than one quote and ask questions in messages before you accept.',
        ],
      },
      {
        id: 'agree-the-work-in-writing',
        title: 'Agree the work in writing',
        paragraphs: [
          '- Before you accept a quote, make sure it says what is included: materials, how long the work should take, when it can start, and who clears away the waste.',
          '- Keep the conversation in TradeNest messages, so there is a written record of what was agreed if there is ever a disagreement.',
          '- If the job changes once work has started, agree the new price in messages before the extra work is done.',
          '- If a tradesperson takes waste away, ask to see their waste carrier registration. Householders can be fined if their waste is fly-tipped by someone who is not registered.',
        ],
      },
      {
        id: 'pay-only-through-tradenest',
        title: 'Pay only through TradeNest',
        paragraphs: [
          '- You pay when the work has been marked complete, through our payment provider’s secure checkout. There is no need to hand over money in advance.',
          `- Your payment is held in escrow for ${PROTECTION_DAYS} days before the tradesperson is paid (you can release it sooner). If something is wrong, contact us during that time: while the money is still held, our team can refund it.`,
          '- Never pay in cash or by bank transfer for a job you found on TradeNest. Money paid outside TradeNest has no escrow protection and we cannot get it back for you.',
        ],
      },
      {
        id: 'gas-and-electrical-work',
        title: 'Gas and electrical work',
        paragraphs: [
          '- By law, anyone working on gas appliances, boilers, fires or pipework must be on the Gas Safe Register. Ask to see their Gas Safe ID card: it shows their photo, licence number and the kinds of gas work they are qualified for. You can check a registration on the [Gas Safe Register website](https://www.gassaferegister.co.uk/).',
          '- For electrical work, choose an electrician registered with a government-approved competent person scheme, such as NICEIC or NAPIT. When the work is finished you should get an electrical installation certificate (or a minor works certificate for small jobs) and, for notifiable work in England and Wales, a Building Regulations compliance certificate.',
          '- Keep every certificate: you will need them when you sell or let your home.',
        ],
      },
      {
        id: 'while-the-work-is-going-on',
        title: 'While the work is going on',
        paragraphs: [
          '- Tell the tradesperson about anything that could be a hazard: where the stopcock and fuse box are, pets, difficult access, and any asbestos you know of (it is common in homes built before 2000).',
          '- Keep children and pets away from the work area, and agree which rooms and facilities can be used.',
          '- Take photos before, during and after the work. They help if there is a disagreement later.',
        ],
      },
    ],
  },
  {
    id: 'tradespeople',
    title: 'For tradespeople',
    articles: [
      {
        id: 'before-you-quote',
        title: 'Before you quote',
        paragraphs: [
          '- Read the job carefully and ask in messages about anything unclear: sizes, access, parking, what is already there. For bigger jobs, arrange to see the site before you give a firm price.',
          '- Quote only for work you are qualified and insured to do. Gas work needs Gas Safe registration, and in England and Wales notifiable electrical work needs a competent person scheme or Building Control sign-off.',
          '- Put what your price includes, and what it does not, in your quote. If the customer asks for more once you have started, agree the extra cost in messages before you do it.',
        ],
      },
      {
        id: 'on-site',
        title: 'On site',
        paragraphs: [
          '- Ask about known hazards before you start, especially asbestos in older buildings. If you suspect asbestos, stop work in that area until it has been checked.',
          '- Isolate power, gas and water before working on them, and use the right equipment for working at height.',
          '- If you work alone, tell someone where you are going and when you expect to finish. Trust your instincts: if a visit feels unsafe, leave.',
          '- If conditions on site are unsafe, you do not have to carry on. Explain why in messages and, if you cannot resolve it, raise a dispute on the booking (choose ‘Unsafe working conditions’) or [contact us](/support#contact).',
        ],
      },
      {
        id: 'getting-paid-safely',
        title: 'Getting paid safely',
        paragraphs: [
          `- Take payment only through TradeNest. The customer pays into escrow, and after the ${PROTECTION_DAYS}-day protection window (or sooner if the customer releases it) the money, less the ${FEE_PERCENT}% platform fee, is paid out to your connected payout account once it can receive payouts. Set it up in [Business Setup](/tradesperson/setup?step=4).`,
          `- On a larger job, propose milestone payments from the booking (the [Milestone payments](/tradesperson/dashboard) link): stages adding up to the booking amount, each paid by the customer into escrow and released when you mark it done and the customer approves it, or ${MILESTONE_APPROVAL_DAYS} days after you mark it done. Agree how materials are paid for before you start.`,
          '- Trust the payment status on your booking, not a screenshot or an email that says a customer has paid.',
        ],
      },
      {
        id: 'keep-verification-up-to-date',
        title: 'Keep your verification up to date',
        paragraphs: [
          `You stay verified while your photo ID and an in-date insurance certificate are approved. We remind you ${INSURANCE_REMINDER_DAYS.join(' and ')} days before your insurance expires. Upload your renewed certificate on the [Documents](/documents) screen before the old one expires, so you keep appearing in search listings.`,
        ],
      },
    ],
  },
  {
    id: 'scams',
    title: 'Spotting scams',
    articles: [
      {
        id: 'scams',
        title: 'Spotting scams',
        paragraphs: [
          'Be wary of anyone who:',
          '- asks you to pay or be paid outside TradeNest, or to a different bank account “just this once”;',
          '- asks for a large sum up front before any work is done, or for cash;',
          '- pressures you to decide on the spot, or turns up at your door offering work;',
          '- overpays you and asks you to send back the difference, or sends a payment “confirmation” by email or text;',
          '- asks for your password, or sends a link to a page that asks you to sign in or pay.',
          'TradeNest will never ask for your password, and payments only ever start from your booking on TradeNest. If in doubt, stop and contact us through [Support](/support#contact).',
        ],
      },
    ],
  },
  {
    id: 'something-wrong',
    title: 'If something goes wrong',
    articles: [
      {
        id: 'something-wrong',
        title: 'If something goes wrong',
        paragraphs: [
          '1. Make the site safe if you can, and call 999 if anyone is in danger.',
          '2. Talk to the other person in TradeNest messages. Many problems are misunderstandings that can be fixed quickly.',
          '3. Keep records: photos, dates and what was said.',
          '4. If you cannot sort it out, raise a dispute from the booking while the work is in progress, awaiting payment, or the payment is still held in escrow: the held money is frozen until our team decides, and you can both add photos and statements. You can also [contact us](/support#contact). Read more in the [FAQ](/faq#disputes).',
          '5. For anything else, [contact support](/support#contact). For advice on your consumer rights, contact [Citizens Advice](https://www.citizensadvice.org.uk/consumer/). Report fraud to Action Fraud in England, Wales and Northern Ireland, or to Police Scotland on 101 in Scotland.',
        ],
      },
    ],
  },
];

// The Support hub's content; its help links and contact details stay with the page. How It Works is a
// numbered list of steps, each written 'Step title: what happens'.
const SUPPORT: Source[] = [
  {
    id: 'how-it-works',
    title: 'How It Works',
    articles: [
      {
        id: 'how-it-works-customers',
        title: 'For customers',
        paragraphs: [
          '1. Post Your Job: Describe the work, add the postcode and a budget if you have one. Posting is free.',
          `2. Get Quotes: Up to ${QUOTES} tradespeople can quote. Compare their prices, profiles and reviews, and message them with questions.`,
          `3. Book & Pay Securely: Accept the quote that suits you. When the work is marked complete you pay through secure checkout, and we hold the money in escrow for ${PROTECTION_DAYS} days before the tradesperson is paid. If something is wrong, contact us while it is held: our team can refund it.`,
          `4. Review & Done: Release the money to the tradesperson when you are happy, or it is released automatically after ${PROTECTION_DAYS} days. Your review of 1 to 5 stars helps the next customer choose.`,
        ],
      },
      {
        id: 'how-it-works-tradespeople',
        title: 'For tradespeople',
        paragraphs: [
          '1. Set up your profile: Add your trade, services, rates and the areas you cover.',
          '2. Get verified: Upload photo ID and your public liability insurance. Once our team approves them you appear in search listings with the Verified badge.',
          `3. Quote for jobs: Find open jobs near you and send a quote. Each job takes up to ${QUOTES} quotes, so customers can compare properly.`,
          `4. Get paid: Mark the job complete and the customer pays into escrow. After the ${PROTECTION_DAYS}-day protection window (or sooner if the customer releases it), the payment less our ${FEE_PERCENT}% fee is paid out to the payout account you connect in Business Setup, once that account can receive payouts.`,
        ],
      },
    ],
  },
  {
    id: 'about',
    title: 'About TradeNest',
    articles: [
      {
        id: 'about',
        title: 'About TradeNest',
        paragraphs: [
          'TradeNest is a UK marketplace that connects homeowners with local tradespeople, from plumbers and electricians to builders, decorators and gardeners.',
          '- We check every listed tradesperson’s photo ID and public liability insurance.',
          '- We hold payments in escrow, so customers pay for finished work and tradespeople know the money is there.',
          '- Reviews come only from bookings that were completed and paid, and the customer and the tradesperson review each other.',
          `- When something goes wrong, either side can raise a dispute on the booking: any money held for it is frozen, the other side has ${DISPUTE_RULES.responseDays} days to respond, and our team decides whether to release it, refund it or split it.`,
          `Posting jobs and getting quotes is free for customers. We charge tradespeople a platform fee of ${FEE_PERCENT}% of each payment. The work itself is agreed between the customer and the tradesperson: TradeNest provides the platform and does not employ the tradespeople who use it (see our [Terms of Service](/terms)).`,
        ],
      },
    ],
  },
  {
    id: 'contact',
    title: 'Contact us',
    articles: [
      {
        id: 'contact',
        title: 'Contact us',
        paragraphs: [
          'Call or email us about your account, a payment or anything else. If there is a problem with a booking, you can also raise a dispute from the booking itself (on My Jobs, My Bookings or the job’s page) while the work is in progress, awaiting payment, or its money is still held in escrow: the money stays frozen until our team has decided.',
        ],
      },
    ],
  },
];

const PAGES: [HelpPage, Source[]][] = [
  ['faq', FAQ],
  ['safety', SAFETY],
  ['support', SUPPORT],
];

/** Every section of the help pages that holds articles, in page order. */
export const HELP_SECTIONS: readonly HelpPageSection[] = PAGES.flatMap(([page, sections]) =>
  sections.map(({ id, title }) => ({ id, page, title })),
);

export const HELP_ARTICLES: readonly HelpArticle[] = PAGES.flatMap(([page, sections]) =>
  sections.flatMap((section) =>
    section.articles.map((article) => ({
      id: article.id,
      page,
      section: section.title,
      title: article.title,
      paragraphs: article.paragraphs,
      path: `/${page}#${article.id}`,
    })),
  ),
);
