import type { ScreenViewer } from '../../../../domain/assistant/screens';
import { LIMITS } from '../../../../domain/catalog/catalog';
import { DISPUTE_RULES } from '../../../../domain/disputes/messages';
import { FEE_EXAMPLE_PENCE } from '../../../../domain/help/content';
import { MILESTONE_RULES } from '../../../../domain/milestones/messages';
import {
  formatPence,
  PLATFORM_FEE_BASIS_POINTS,
  parsePoundsToPence,
  platformFeePence,
} from '../../../../domain/payments/money';
import { REVIEW_RULES } from '../../../../domain/reviews/messages';
import { INSURANCE_REMINDER_DAYS } from '../../../../domain/verification/verification';
import { link, Reply, screenLink } from './reply';

// Questions about the product's rules and figures (how to get quotes, fees, escrow, review reveal,
// disputes, verification, milestones, cancellations), answered from the rules the server enforces
// (docs/domain-rules.md) rather than from whichever help paragraph a search ranks first: a search
// quoted 'posting is free' for 'what does it cost?' and never the tradesperson's fee. Every figure comes
// from the constants the server itself uses, so an answer cannot drift from what actually happens.
// Each topic is recognised by the words people use for it, whatever the trade or the wording.

const FEE = `${PLATFORM_FEE_BASIS_POINTS / 100}%`;
const HELD_DAYS = LIMITS.escrowProtectionDays;
const QUOTES = LIMITS.liveQuotesPerJob;
const REVIEW_DAYS = REVIEW_RULES.revealAfterDays;
const RESPONSE_DAYS = DISPUTE_RULES.responseDays;
const M = MILESTONE_RULES;

const SIGN_IN = link('Log In or Sign Up', '/auth');
const SUPPORT = link('Support', '/support#contact');

type Topic =
  | 'payDirect'
  | 'quotes'
  | 'milestones'
  | 'reviews'
  | 'disputes'
  | 'cancel'
  | 'verification'
  | 'escrow'
  | 'fees'
  | 'howItWorks';

const TRADE_WORDS =
  'plumber|electrician|carpenter|joiner|builder|painter|decorator|roofer|plasterer|landscaper|gardener|cleaner|handyman|tiler|locksmith|gas engineer|heating engineer|tradesperson|tradesman|tradesmen|tradespeople|trader|someone|somebody|anyone|professional|pro';

/** Topics in order of precedence: the first one a question is about answers it. */
const TOPICS: [Topic, (text: string) => boolean][] = [
  [
    'payDirect',
    (t) =>
      /\b(pay|paid|paying|payment)\b/.test(t) &&
      /\b(cash|bank transfer|directly|direct|outside|off the (site|app|platform))\b/.test(t),
  ],
  [
    'quotes',
    (t) =>
      /\b(get|getting|receive|request|ask for|obtain|collect)\b.*\bquot(e|es|ation|ations)\b/.test(t) ||
      /\bhow (do|does) (the )?quot(e|es|ing) work\b|\bquotes work\b/.test(t) ||
      new RegExp(
        `\\b(get|have|find) (${TRADE_WORDS}|a \\w+|an \\w+)( \\w+)? (to )?(fix|fixed|repair|repaired|done|sorted|look at|looked at|replace|replaced|install|installed|fit|fitted|sort)\\b`,
      ).test(t) ||
      new RegExp(
        `\\b(${TRADE_WORDS}|a \\w+|an \\w+) (to|who can|who could|that can) (fix|repair|replace|install|fit|paint|build|clean|look at|sort|do|unblock|service|mend|decorate|tile|plaster|rewire)\\b`,
      ).test(t) ||
      (new RegExp(`\\bneed (a|an|some) (${TRADE_WORDS})\\b`).test(t) &&
        /\b(how|what)\b/.test(t) &&
        !/\bhow do i (become|join)\b/.test(t)),
  ],
  [
    'milestones',
    (t) =>
      /\b(milestones?|stages?|staged|instal+ments?|in parts|part payments?|phased|split (the )?payments?|pay in (stages|parts|bits|chunks))\b/.test(
        t,
      ),
  ],
  [
    'reviews',
    (t) =>
      /\breview(s|ed|ing)?\b/.test(t) &&
      !/\b(reply|replying|respond|report|reported|reporting|abusive|offensive|rating|ratings|worked out|approve|admin)\b/.test(
        t,
      ) &&
      /\b(when|visible|see|read|hidden|hide|show|shown|appear|appears|publish\w*|reveal\w*|yet|how long|work|works|genuine|real|fake|trust|who can|deadline|time limit|days|still|can't|cannot|cant)\b/.test(
        t,
      ),
  ],
  [
    'disputes',
    (t) =>
      /\b(didn't|didnt|did not|never|hasn't|hasnt|has not|haven't) (turn(ed)? up|show(ed)? up|arrived?|come|came)\b|\bno.?show\b|\b(hasn't|hasnt|has not|haven't|havent|not been|never) (been )?paid\b/.test(
        t,
      ) ||
      /\b(not|isn't|wasn't|isnt|wasnt|hasn't|hasnt|never|wasn't) (been )?(finished|done|completed|fixed)( (properly|right|correctly|well))?\b|\b(badly|poorly) done\b|\b(went|goes|go) wrong\b|\bproblem with the (work|job)\b/.test(
        t,
      ) ||
      /\b(disputes?|disputed|complain\w*|unhappy|not happy|poor|rubbish|bad work|botched|shoddy|money back|refunds?|refunded|won't pay|wont pay|doesn't pay|refuses to pay|not paid me|didn't pay|frozen|freeze)\b/.test(
        t,
      ),
  ],
  ['cancel', (t) => /\b(cancel\w*|call (it |the \w+ )?off|pull out|back out|withdraw\w*)\b/.test(t)],
  [
    'verification',
    (t) =>
      /\b(check|checks|checking|vet) (the )?(tradespeople|tradesmen|trades|them|pros|professionals|builders|plumbers|electricians)\b/.test(
        t,
      ) ||
      (/\b(verif\w*|vetted|vetting|vet|insured|insurance|background checks?|id checks?|checked|trustworthy|legit|get listed|be listed|listings?|search results|not showing|showing up|appear in search|documents? do i need|what do i need to (join|get listed|sign up|be listed))\b/.test(
        t,
      ) &&
        !/\b(approve|approving|queue|admin)\b/.test(t)),
  ],
  [
    'escrow',
    (t) =>
      /\b(card|account) (be |is |get |gets )?charged\b|\bcharge my card\b/.test(t) ||
      /\b(receive|get|gets|getting) (my|the|their|your|his|her) (money|payment|pay|earnings)\b/.test(t) ||
      /\b(escrow|protection|protected|protect|held|hold|holding|release|released|releasing|get paid|gets paid|getting paid|be paid|paid out|payouts?|upfront|up front|in advance|pay first|deposit|before the work|guarantee\w*|money (safe|secure)|when do i pay|when (will|should) i pay|safe to pay)\b/.test(
        t,
      ),
  ],
  [
    'fees',
    (t) =>
      /\bwho pays\b|\bhow much (do|does|will|would) (tradespeople|tradesmen|a tradesperson|the tradesperson|traders|customers|a customer|the customer|we|you) (pay|get charged|charge)\b/.test(
        t,
      ) ||
      /\bhow much (do|will|would|does|can) (i|you|they|tradespeople|a tradesperson|the tradesperson) (actually )?(get|receive|earn|keep|take home|make|be paid)\b/.test(
        t,
      ) ||
      /\b(costs?|costing|fees?|charges?|charged|charging|commission|percentage|free|pricing|make money|subscription|how much (is|does) (it|tradenest|this|the site|the app|using)|pay to (join|use|post|sign|list|quote)|your cut|take a cut)\b/.test(
        t,
      ),
  ],
];

TOPICS.push([
  'howItWorks',
  (t) =>
    /\bhow (does|do|will) (tradenest|this|it|the site|the app|this site|this app|everything|the whole thing) work\b|\bhow it works\b|\bwhat is tradenest\b/.test(
      t,
    ),
]);

/** The topic a question is about, if it is one of the rules. */
export function ruleTopic(text: string): Topic | undefined {
  return TOPICS.find(([, about]) => about(text))?.[0];
}

/** The answer to a question about a rule or a figure, or null when the question is about none. */
export function ruleAnswer(text: string, message: string, viewer: ScreenViewer): Reply | null {
  const topic = ruleTopic(text);
  if (!topic) return null;
  const reply = new Reply(viewer);
  ANSWERS[topic](reply, viewer, message);
  return reply;
}

const isGuest = (v: ScreenViewer) => v.userType === 'guest';
const isTrade = (v: ScreenViewer) => v.userType === 'tradesperson';

/** A guest is told to sign in before a screen that needs it. */
function signInFirst(reply: Reply, viewer: ScreenViewer, what: string) {
  if (isGuest(viewer)) reply.say(`${what} needs a free account: ${SIGN_IN}.`);
}

/** The fee on an amount the question names ('a £200 job'), worked out as the server would. */
function worked(message: string): string | null {
  const amount = message.match(/£\s?(\d[\d,]*(?:\.\d{1,2})?)/)?.[1];
  if (!amount) return null;
  const parsed = parsePoundsToPence(amount.replace(/,/g, ''));
  if (!parsed.ok || parsed.pence <= 0) return null;
  const fee = platformFeePence(parsed.pence);
  return `On ${formatPence(parsed.pence)} the fee is ${formatPence(fee)}, so the tradesperson receives ${formatPence(parsed.pence - fee)}.`;
}

const example = () => {
  const fee = platformFeePence(FEE_EXAMPLE_PENCE);
  return `For example, on a ${formatPence(FEE_EXAMPLE_PENCE, 0)} job the fee is ${formatPence(fee)} and the tradesperson receives ${formatPence(FEE_EXAMPLE_PENCE - fee)}.`;
};

const ANSWERS: Record<Topic, (reply: Reply, viewer: ScreenViewer, message: string) => void> = {
  howItWorks(reply, viewer, message) {
    const forTrades = isTrade(viewer) || /\btrades(people|person|man|men)\b/i.test(message);
    if (forTrades) {
      reply
        .say(
          `Tradespeople set up a profile, get verified (photo ID and public liability insurance approved by our team), then find open jobs near them and quote; a job takes up to ${QUOTES} quotes.`,
        )
        .say(
          `When the work is marked complete the customer pays into escrow; after ${HELD_DAYS} days (or sooner if the customer releases it) the payment less the ${FEE} platform fee is paid out to the tradesperson.`,
        )
        .say(`More in ${link('How It Works', '/support#how-it-works-tradespeople')}.`);
    } else {
      reply
        .say(
          `Post your job for free on ${link('Post a Job', '/post-job')}, and up to ${QUOTES} verified local tradespeople can quote. Compare their prices, profiles and reviews, message them, and accept the quote that suits you.`,
        )
        .say(
          `When the work is marked complete you pay through secure checkout; we hold the money in escrow for ${HELD_DAYS} days before the tradesperson is paid (you can release it sooner, or raise a dispute if something is wrong). Then you review each other.`,
        )
        .say(`More in ${link('How It Works', '/support#how-it-works-customers')}.`);
    }
    signInFirst(reply, viewer, 'Posting or quoting');
  },

  payDirect(reply) {
    reply
      .say(
        'Please pay only through TradeNest, never in cash or by bank transfer. Money paid outside TradeNest is not held in escrow, we cannot refund it if something goes wrong, and the booking cannot be reviewed.',
      )
      .say(
        `More in the ${link('FAQ', '/faq#paying-directly')}, and how to spot a scam in the ${link('Safety guide', '/safety#scams')}.`,
      );
  },

  quotes(reply, viewer) {
    if (isTrade(viewer)) {
      reply
        .say(
          `Customers post their jobs and tradespeople quote for them: open ${screenLink('/browse', viewer)}, choose a job and send your price with a message saying what it includes. A job takes up to ${QUOTES} quotes, one from each tradesperson.`,
        )
        .say(`Your quotes are in ${screenLink('/manage-quotes', viewer)}.`);
      return;
    }
    reply
      .say(
        `Post your job and local tradespeople send you quotes: describe the work, choose a category and enter the postcode on ${link('Post a Job', '/post-job')}. Up to ${QUOTES} verified tradespeople can quote, and you compare their prices, profiles and reviews and message them before you accept one.`,
      )
      .say('Posting a job and getting quotes are free for customers.');
    if (isGuest(viewer)) reply.say(`Posting needs a free customer account: ${SIGN_IN}, then post your job.`);
    else reply.say(`The quotes arrive on ${screenLink('/my-jobs', viewer)}.`);
  },

  milestones(reply, viewer) {
    reply.say(
      `A larger job can be paid in milestones. Once a booking is confirmed and before it is paid, the tradesperson can propose a plan of ${M.minMilestones} to ${M.maxMilestones} milestones, each at least ${formatPence(M.minAmountPence, 0)} with a due date, adding up exactly to the booking's amount; the customer accepts or declines it.`,
    );
    reply.say(
      `The customer pays each milestone from a saved card and the money is held in escrow; it is released when the tradesperson marks the milestone done and the customer approves it, or ${M.approvalDays} days after it was marked done. A plan changes only if the customer accepts a revision, and only before the first milestone is paid. Each milestone carries the ${FEE} platform fee, paid by the tradesperson.`,
    );
    if (isTrade(viewer))
      reply.say(`Propose a plan from the booking on your ${screenLink('/tradesperson-dashboard', viewer)}.`);
    else {
      reply.say(
        `Accept a plan from the booking on ${screenLink('/my-jobs', viewer)}, and save a card on ${screenLink('/payment-methods', viewer)}.`,
      );
      signInFirst(reply, viewer, 'Booking');
    }
    reply.say(`More in the ${link('FAQ', '/faq#milestones')}.`);
  },

  reviews(reply, viewer) {
    reply.say(
      `Only the customer and the tradesperson of a booking that was completed and paid through TradeNest can review each other, once each, so every review comes from real work.`,
    );
    reply.say(
      `A review stays hidden from everyone but its author until the other person has reviewed too, or until ${REVIEW_DAYS} days after payment, whichever comes first; then both are published. Reviews can be written until those ${REVIEW_DAYS} days are up.`,
    );
    if (!isGuest(viewer)) reply.say(`Write and read yours on ${screenLink('/my-reviews', viewer)}.`);
    reply.say(`More in the ${link('FAQ', '/faq#fair-reveal')}.`);
  },

  disputes(reply, viewer, message) {
    const after =
      /\b(respond|response|reply|ignore|ignores|ignored|happens|what now|next|deadline|how long|decide|decides|who)\b/i.test(
        message,
      );
    reply.say(
      `If you cannot sort a problem out in messages, either of you can raise a dispute on the booking while the work is in progress, while it waits for payment, or while its money is still held in escrow (${HELD_DAYS} days after payment).`,
    );
    reply.say(
      `Raising it means any money held for the booking is frozen, not released, until the dispute is decided. The other party has ${RESPONSE_DAYS} days to respond; after the response, or once the ${RESPONSE_DAYS} days are up, our team reviews the booking and decides: release the money to the tradesperson, refund the customer, or split it between them.`,
    );
    if (isTrade(viewer))
      reply.say(
        `Use Raise Dispute on the booking on ${screenLink('/my-jobs', viewer)} or your ${screenLink('/tradesperson-dashboard', viewer)}, and follow it on ${screenLink('/disputes', viewer)}.`,
      );
    else if (!isGuest(viewer))
      reply.say(
        `Use Raise Dispute on the booking on ${screenLink('/my-jobs', viewer)}, and follow it on ${screenLink('/disputes', viewer)}.`,
      );
    reply.say(`More in the ${link('FAQ', after ? '/faq#after-a-dispute' : '/faq#when-to-dispute')}.`);
  },

  cancel(reply, viewer) {
    if (isTrade(viewer)) {
      reply.say(
        `While your quote is waiting for the customer you can edit or withdraw it on ${screenLink('/manage-quotes', viewer)}.`,
      );
      reply.say(
        'A booking request you have not confirmed yet can be declined by you or cancelled by either of you, and the job reopens for quotes.',
      );
    } else {
      reply.say(
        `You can cancel an open job at any time on ${screenLink('/my-jobs', viewer)}; any quotes waiting on it are then declined. You can edit an open job while it has no quotes.`,
      );
      reply.say(
        "Until the tradesperson has confirmed a booking, either of you can cancel it, and the job reopens for quotes. Accepting a quote on the job's page books the tradesperson straight away, confirmed.",
      );
    }
    reply.say(
      `Once a booking is confirmed it cannot be cancelled on TradeNest: talk it through in ${screenLink('/messages', viewer)}, and if you cannot agree, raise a dispute on the booking or contact ${SUPPORT}.`,
    );
    signInFirst(reply, viewer, 'Managing jobs and bookings');
    reply.say(`More in the ${link('FAQ', '/faq#cancelling-a-booking')}.`);
  },

  verification(reply, viewer) {
    if (isTrade(viewer)) {
      reply.say(
        `Upload your photo ID and your public liability insurance certificate (with its expiry date) on ${screenLink('/documents', viewer)}, with any trade accreditations. You are verified while our team has approved your ID and an insurance certificate that has not expired, and only verified tradespeople appear in search listings.`,
      );
      reply.say(
        `We remind you ${INSURANCE_REMINDER_DAYS.join(' and ')} days before your insurance expires; when it expires you stop being verified until a renewed certificate is approved, so upload it in good time.`,
      );
      reply.say(`More in the ${link('FAQ', '/faq#getting-verified')}.`);
      return;
    }
    reply.say(
      'A Verified tradesperson has sent us photo ID and a public liability insurance certificate, our team has approved both, and the insurance has not expired. Only verified tradespeople appear in search listings.',
    );
    reply.say(
      `Verification confirms who someone is and that they are insured, not the quality of their work, so read their ${link('reviews', '/reviews')} too.`,
    );
    if (isGuest(viewer))
      reply.say(
        `Tradespeople join with a free tradesperson account (${SIGN_IN}) and then upload their documents.`,
      );
    reply.say(`More in the ${link('FAQ', '/faq#what-verified-means')}.`);
  },

  escrow(reply, viewer) {
    if (isTrade(viewer)) {
      reply.say(
        `When you mark the work complete the customer pays through secure checkout, and the money is held in escrow for ${HELD_DAYS} days from the payment. It is then released, or sooner if the customer releases it, and the payment less the ${FEE} platform fee is paid out to the payout account you connect in ${link('Business Setup', '/tradesperson/setup?step=4')}, once it can receive payouts.`,
      );
      reply.say(
        `A dispute raised while the money is held freezes it until our team decides. See what is held and paid out on ${screenLink('/tradesperson/payments', viewer)}.`,
      );
      return;
    }
    reply.say(
      `You don't pay upfront: you pay the quoted price once the tradesperson has marked the work complete (unless you agree a milestone plan), through our payment provider's secure checkout.`,
    );
    reply.say(
      `The money is held in escrow for ${HELD_DAYS} days from your payment, then released to the tradesperson automatically, or sooner if you release it because you are happy with the work. If something is wrong, raise a dispute during those ${HELD_DAYS} days: the money is frozen while our team looks into it, and can be refunded to you.`,
    );
    if (!isGuest(viewer)) reply.say(`Pay and release from the booking on ${screenLink('/my-jobs', viewer)}.`);
    reply.say(`More in the ${link('FAQ', '/faq#escrow')}.`);
  },

  fees(reply, viewer, message) {
    const customersPay =
      'Posting jobs and getting quotes are free for customers, and a customer pays the price in the quote they accept, with nothing added by TradeNest.';
    const tradespeoplePay = `Tradespeople pay a platform fee of ${FEE} of each payment for completed work, taken when the money is released from escrow; joining and sending quotes are free, and money refunded to a customer carries no fee.`;
    // The side the question is about (or the asker's own) first.
    if (isTrade(viewer) || /\btrades(people|person|man|men)\b/i.test(message))
      reply.say(tradespeoplePay).say(customersPay);
    else reply.say(customersPay).say(tradespeoplePay);
    reply.say(worked(message) ?? example());
    if (
      /\b(plumber|electrician|builder|painter|roofer|job|work) (cost|costs)\b|\bhow much (is|does|do|would|will) (a|an|the) \w+/i.test(
        message,
      )
    )
      reply.say('TradeNest does not set the price of the work: each tradesperson quotes their own.');
    reply.say(`More in the ${link('FAQ', '/faq#what-tradenest-charges')}.`);
  },
};
