import { LIMITS } from '@domain/catalog/catalog';
import { PLATFORM_FEE_BASIS_POINTS } from '@domain/money/money';
import { AlertTriangle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { HelpPage, HelpSection, OnThisPage, PROSE } from './help-page';

const PROTECTION_DAYS = LIMITS.escrowProtectionDays;
const FEE_PERCENT = PLATFORM_FEE_BASIS_POINTS / 100;

const SECTIONS = [
  { id: 'homeowners', title: 'For homeowners' },
  { id: 'tradespeople', title: 'For tradespeople' },
  { id: 'scams', title: 'Spotting scams' },
  { id: 'something-wrong', title: 'If something goes wrong' },
] as const;

/** A titled group of advice inside a section. */
function Topic({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mt-6 first:mt-0">
      <h3 className="text-lg font-semibold">{title}</h3>
      <div className={`mt-2 ${PROSE}`}>{children}</div>
    </div>
  );
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
        aria-labelledby="emergency-heading"
        className="rounded-xl border-2 border-destructive bg-card p-5 text-card-foreground"
      >
        <h2 id="emergency-heading" className="flex items-center gap-2 text-xl font-semibold">
          <AlertTriangle className="size-5 shrink-0 text-destructive" aria-hidden="true" />
          In an emergency
        </h2>
        <div className={`mt-3 ${PROSE}`}>
          <ul>
            <li>If anyone is hurt or in danger, call 999.</li>
            <li>
              If you smell gas or think there is a leak, open doors and windows, turn off the gas at the meter
              if you can, don’t use electrical switches or naked flames, leave the property and call the
              National Gas Emergency Service on <a href="tel:+448001119999">0800 111 999</a> (in Northern
              Ireland, the NI Gas Emergency Service on <a href="tel:+448000020001">0800 002 001</a>).
            </li>
            <li>
              If you think there is carbon monoxide, get everyone into fresh air, call the same gas emergency
              number and get medical help if anyone feels unwell.
            </li>
          </ul>
        </div>
      </aside>

      <OnThisPage links={SECTIONS} />

      <HelpSection id="homeowners" title="For homeowners">
        <Topic title="Choosing a tradesperson">
          <ul>
            <li>
              Look for the Verified badge. It means we have checked the tradesperson’s photo ID and their
              public liability insurance, and the insurance has not expired. Their profile lists the checks we
              have approved, with the insurance expiry date and any trade accreditations.
            </li>
            <li>
              Read their reviews. On TradeNest, only customers whose booking was completed and paid can leave
              one, so every review comes from real work.
            </li>
            <li>
              Verification confirms identity and insurance, not workmanship. For bigger jobs, compare more
              than one quote and ask questions in messages before you accept.
            </li>
          </ul>
        </Topic>

        <Topic title="Agree the work in writing">
          <ul>
            <li>
              Before you accept a quote, make sure it says what is included: materials, how long the work
              should take, when it can start, and who clears away the waste.
            </li>
            <li>
              Keep the conversation in TradeNest messages, so there is a written record of what was agreed if
              there is ever a disagreement.
            </li>
            <li>
              If the job changes once work has started, agree the new price in messages before the extra work
              is done.
            </li>
            <li>
              If a tradesperson takes waste away, ask to see their waste carrier registration. Householders
              can be fined if their waste is fly-tipped by someone who is not registered.
            </li>
          </ul>
        </Topic>

        <Topic title="Pay only through TradeNest">
          <ul>
            <li>
              You pay when the work has been marked complete, through our payment provider’s secure checkout.
              There is no need to hand over money in advance.
            </li>
            <li>
              Your payment is held in escrow for {PROTECTION_DAYS} days before the tradesperson is paid (you
              can release it sooner). If something is wrong, contact us during that time: while the money is
              still held, our team can refund it.
            </li>
            <li>
              Never pay in cash or by bank transfer for a job you found on TradeNest. Money paid outside
              TradeNest has no escrow protection and we cannot get it back for you.
            </li>
          </ul>
        </Topic>

        <Topic title="Gas and electrical work">
          <ul>
            <li>
              By law, anyone working on gas appliances, boilers, fires or pipework must be on the Gas Safe
              Register. Ask to see their Gas Safe ID card: it shows their photo, licence number and the kinds
              of gas work they are qualified for. You can check a registration on the{' '}
              <a href="https://www.gassaferegister.co.uk/" rel="noreferrer">
                Gas Safe Register website
              </a>
              .
            </li>
            <li>
              For electrical work, choose an electrician registered with a government-approved competent
              person scheme, such as NICEIC or NAPIT. When the work is finished you should get an electrical
              installation certificate (or a minor works certificate for small jobs) and, for notifiable work
              in England and Wales, a Building Regulations compliance certificate.
            </li>
            <li>Keep every certificate: you will need them when you sell or let your home.</li>
          </ul>
        </Topic>

        <Topic title="While the work is going on">
          <ul>
            <li>
              Tell the tradesperson about anything that could be a hazard: where the stopcock and fuse box
              are, pets, difficult access, and any asbestos you know of (it is common in homes built before
              2000).
            </li>
            <li>
              Keep children and pets away from the work area, and agree which rooms and facilities can be
              used.
            </li>
            <li>
              Take photos before, during and after the work. They help if there is a disagreement later.
            </li>
          </ul>
        </Topic>
      </HelpSection>

      <HelpSection id="tradespeople" title="For tradespeople">
        <Topic title="Before you quote">
          <ul>
            <li>
              Read the job carefully and ask in messages about anything unclear: sizes, access, parking, what
              is already there. For bigger jobs, arrange to see the site before you give a firm price.
            </li>
            <li>
              Quote only for work you are qualified and insured to do. Gas work needs Gas Safe registration,
              and in England and Wales notifiable electrical work needs a competent person scheme or Building
              Control sign-off.
            </li>
            <li>
              Put what your price includes, and what it does not, in your quote. If the customer asks for more
              once you have started, agree the extra cost in messages before you do it.
            </li>
          </ul>
        </Topic>

        <Topic title="On site">
          <ul>
            <li>
              Ask about known hazards before you start, especially asbestos in older buildings. If you suspect
              asbestos, stop work in that area until it has been checked.
            </li>
            <li>
              Isolate power, gas and water before working on them, and use the right equipment for working at
              height.
            </li>
            <li>
              If you work alone, tell someone where you are going and when you expect to finish. Trust your
              instincts: if a visit feels unsafe, leave.
            </li>
            <li>
              If conditions on site are unsafe, you do not have to carry on. Explain why in messages and, if
              you cannot resolve it, raise a dispute on the booking (choose ‘Unsafe working conditions’) or{' '}
              <Link to="/support#contact">contact us</Link>.
            </li>
          </ul>
        </Topic>

        <Topic title="Getting paid safely">
          <ul>
            <li>
              Take payment only through TradeNest. The customer pays into escrow, and after the{' '}
              {PROTECTION_DAYS}-day protection window (or sooner if the customer releases it) the money, less
              the {FEE_PERCENT}% platform fee, is paid out to your connected payout account once it can
              receive payouts. Set it up in <Link to="/tradesperson/setup?step=4">Business Setup</Link>.
            </li>
            <li>
              Milestone payments, to be paid stage by stage on a larger job, are not available yet: for now a
              booking is paid in full once the work is marked complete. Agree how materials are paid for
              before you start.
            </li>
            <li>
              Trust the payment status on your booking, not a screenshot or an email that says a customer has
              paid.
            </li>
          </ul>
        </Topic>

        <Topic title="Keep your verification up to date">
          <p>
            You stay verified while your photo ID and an in-date insurance certificate are approved. Upload
            your renewed certificate on the <Link to="/documents">Documents</Link> screen before the old one
            expires, so you keep appearing in search listings.
          </p>
        </Topic>
      </HelpSection>

      <HelpSection id="scams" title="Spotting scams">
        <div className={PROSE}>
          <p>Be wary of anyone who:</p>
          <ul>
            <li>
              asks you to pay or be paid outside TradeNest, or to a different bank account “just this once”;
            </li>
            <li>asks for a large sum up front before any work is done, or for cash;</li>
            <li>pressures you to decide on the spot, or turns up at your door offering work;</li>
            <li>
              overpays you and asks you to send back the difference, or sends a payment “confirmation” by
              email or text;
            </li>
            <li>asks for your password, or sends a link to a page that asks you to sign in or pay.</li>
          </ul>
          <p>
            TradeNest will never ask for your password, and payments only ever start from your booking on
            TradeNest. If in doubt, stop and contact us through <Link to="/support#contact">Support</Link>.
          </p>
        </div>
      </HelpSection>

      <HelpSection id="something-wrong" title="If something goes wrong">
        <div className={PROSE}>
          <ol>
            <li>Make the site safe if you can, and call 999 if anyone is in danger.</li>
            <li>
              Talk to the other person in TradeNest messages. Many problems are misunderstandings that can be
              fixed quickly.
            </li>
            <li>Keep records: photos, dates and what was said.</li>
            <li>
              If you cannot sort it out, raise a dispute from the booking while the work is in progress,
              awaiting payment, or the payment is still held in escrow: the held money is frozen until our
              team decides, and you can both add photos and statements. You can also{' '}
              <Link to="/support#contact">contact us</Link>. Read more in the{' '}
              <Link to="/faq#disputes">FAQ</Link>.
            </li>
            <li>
              For anything else, <Link to="/support#contact">contact support</Link>. For advice on your
              consumer rights, contact{' '}
              <a href="https://www.citizensadvice.org.uk/consumer/" rel="noreferrer">
                Citizens Advice
              </a>
              . Report fraud to Action Fraud in England, Wales and Northern Ireland, or to Police Scotland on
              101 in Scotland.
            </li>
          </ol>
        </div>
      </HelpSection>
    </HelpPage>
  );
}
