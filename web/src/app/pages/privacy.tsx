import { Link } from 'react-router';
import { LegalPage } from '@/components/layout/legal-page';
import { USER_TYPE_STORAGE_KEY } from '@/lib/session';
import { THEME_STORAGE_KEY } from '@/lib/theme';

// Each numbered section is its own component below, so the page reads as its table of contents.
export function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      intro={
        <p>
          This policy explains what personal data TradeNest collects, why, how long we keep it and the rights
          you have under the UK General Data Protection Regulation (UK GDPR) and the Data Protection Act 2018.
        </p>
      }
    >
      <WhoWeAre />
      <WhatWeCollect />
      <WhyWeUseIt />
      <WhoWeShareItWith />
      <HowLongWeKeepIt />
      <CookiesAndLocalStorage />
      <YourRights />
      <Complaints />
      <Children />
      <ChangesToThisPolicy />
      <DataSourcesAndLicences />
    </LegalPage>
  );
}

function WhoWeAre() {
  return (
    <>
      <h2>1. Who we are</h2>
      <p>
        TradeNest, the operator of this website, is the controller of the personal data described here. You
        can contact us about your data, or ask to speak to the person responsible for data protection, through
        our <Link to="/support#contact">Support</Link> page.
      </p>
    </>
  );
}

function WhatWeCollect() {
  return (
    <>
      <h2>2. What we collect</h2>
      <ul>
        <li>
          <strong>Account details:</strong> your name, email address, a securely hashed password and whether
          you are a customer or a tradesperson.
        </li>
        <li>
          <strong>Profile details</strong> (tradespeople): trade, business details, biography, rates, years of
          experience, specialties, service areas and profile photo.
        </li>
        <li>
          <strong>Verification documents</strong> (tradespeople): photo ID, insurance certificates and trade
          accreditations you upload for checking.
        </li>
        <li>
          <strong>Jobs, quotes, bookings and messages:</strong> what you post and send on TradeNest, including
          job postcodes and the messages you exchange with other users.
        </li>
        <li>
          <strong>Payment records:</strong> amounts, dates and the status of payments and payouts. Card
          details are collected and held by our payment provider; we never see or store full card numbers.
        </li>
        <li>
          <strong>Reviews and disputes:</strong> ratings, comments and what you tell us when a dispute is
          raised.
        </li>
        <li>
          <strong>Technical data:</strong> your IP address and basic device information in our server logs. We
          may use your IP address to suggest your town on the home page; that look-up runs on our own servers
          and is not shared with anyone.
        </li>
      </ul>
    </>
  );
}

function WhyWeUseIt() {
  return (
    <>
      <h2>3. Why we use it and our lawful bases</h2>
      <ul>
        <li>
          <strong>To provide the service you signed up for</strong> (contract): running your account, showing
          jobs and quotes, messages, bookings, payments, payouts and reviews.
        </li>
        <li>
          <strong>To meet our legal obligations</strong> (legal obligation): keeping financial records, and
          answering lawful requests from authorities.
        </li>
        <li>
          <strong>To keep TradeNest safe and fair</strong> (legitimate interests): checking tradespeople’s
          identity and insurance, preventing fraud and abuse, handling disputes, securing our systems and
          improving the service. We balance these interests against your rights, and you can object (see
          section 7).
        </li>
        <li>
          <strong>Emails about your activity</strong> (contract and legitimate interests): for example a new
          quote or message. You choose which of these you receive in your account settings. We do not send
          marketing emails without your consent.
        </li>
      </ul>
      <p>We do not sell your personal data and we do not use it for advertising.</p>
    </>
  );
}

function WhoWeShareItWith() {
  return (
    <>
      <h2>4. Who we share it with</h2>
      <ul>
        <li>
          <strong>Other users,</strong> as far as a job needs: customers see a tradesperson’s public profile
          and reviews; the people in a conversation see its messages; a tradesperson sees a job’s full
          postcode only once booked on it.
        </li>
        <li>
          <strong>Service providers</strong> who act on our instructions under contract: our payment provider,
          hosting and storage providers, email delivery and, where the AI assistant uses an external model,
          that model’s provider for the messages you send to the assistant.
        </li>
        <li>
          <strong>Authorities,</strong> such as the police or HMRC, where the law requires it.
        </li>
      </ul>
      <p>
        If a provider processes data outside the UK, we make sure the transfer is protected, for example by UK
        adequacy regulations or the International Data Transfer Agreement.
      </p>
    </>
  );
}

function HowLongWeKeepIt() {
  return (
    <>
      <h2>5. How long we keep it</h2>
      <ul>
        <li>
          Account and profile data: while your account is open. When you delete your account we remove it.
        </li>
        <li>
          Financial records (payments, fees, refunds and payouts): 6 years after the end of the financial year
          they relate to, as UK tax and company law require. They stay even if you delete your account.
        </li>
        <li>
          Disputes and the messages attached to them: 6 years after the dispute is closed, in case of claims.
        </li>
        <li>
          Verification documents: while they are needed to show you are verified, and deleted within 90 days
          of expiring or being replaced; we keep a record that the check took place.
        </li>
        <li>Server logs: up to 30 days.</li>
      </ul>
    </>
  );
}

function CookiesAndLocalStorage() {
  return (
    <>
      <h2>6. Cookies and local storage</h2>
      <p>
        We use one strictly necessary cookie, which keeps you signed in. We also keep two preferences in your
        browser’s local storage: your colour theme (<code>{THEME_STORAGE_KEY}</code>) and whether you use
        TradeNest as a customer or a tradesperson (<code>{USER_TYPE_STORAGE_KEY}</code>), so the right
        navigation appears. We use no advertising or analytics cookies. Because these are strictly necessary
        or set at your request, the law does not require a consent banner for them.
      </p>
    </>
  );
}

function YourRights() {
  return (
    <>
      <h2>7. Your rights</h2>
      <p>Under UK data protection law you have the right to:</p>
      <ul>
        <li>get a copy of your personal data, including a download of your data from your account;</li>
        <li>have inaccurate data corrected;</li>
        <li>have your data deleted, except where we must keep it (for example financial records);</li>
        <li>restrict or object to how we use your data, including any use based on legitimate interests;</li>
        <li>receive data you gave us in a portable format;</li>
        <li>
          not be subject to decisions with legal or similarly significant effects made solely by automated
          means. We make no such decisions.
        </li>
      </ul>
      <p>
        To use any of these rights, contact us through <Link to="/support#contact">Support</Link>. We reply
        within one month and do not charge a fee.
      </p>
    </>
  );
}

function Complaints() {
  return (
    <>
      <h2>8. Complaints</h2>
      <p>
        If you are unhappy with how we handle your data, please tell us first so we can put it right. You also
        have the right to complain to the Information Commissioner’s Office (ICO), the UK regulator for data
        protection: <a href="https://ico.org.uk/make-a-complaint/">ico.org.uk/make-a-complaint</a> or 0303 123
        1113.
      </p>
    </>
  );
}

function Children() {
  return (
    <>
      <h2>9. Children</h2>
      <p>TradeNest is for adults. You must be 18 or over to create an account.</p>
    </>
  );
}

function ChangesToThisPolicy() {
  return (
    <>
      <h2>10. Changes to this policy</h2>
      <p>When we change this policy we will update this page and tell you about important changes.</p>
    </>
  );
}

function DataSourcesAndLicences() {
  return (
    <>
      <h2 id="data-sources">Data sources and licences</h2>
      <p>
        TradeNest uses open data to check postcodes, measure distances between jobs and tradespeople and name
        places.
      </p>
      <p>
        Contains OS data © Crown copyright and database right 2025. Contains Royal Mail data © Royal Mail
        copyright and database right 2025. Source: Office for National Statistics licensed under the Open
        Government Licence v.3.0. Place names from GeoNames (
        <a href="https://www.geonames.org/">https://www.geonames.org/</a>), licensed under CC BY 4.0.
      </p>
      <p>
        To suggest your town and postcode district on the home page, our own server looks up the IP address
        your browser connects from in a database kept on that server; the address is not stored and no other
        company is asked. This product includes GeoLite2 data created by MaxMind, available from{' '}
        <a href="https://www.maxmind.com">https://www.maxmind.com</a>.
      </p>
      <p>
        Licences:{' '}
        <a href="https://www.nationalarchives.gov.uk/doc/open-government-licence/version/3/">
          Open Government Licence v3.0
        </a>{' '}
        and <a href="https://creativecommons.org/licenses/by/4.0/">Creative Commons Attribution 4.0</a>.
      </p>
    </>
  );
}

export { PrivacyPage as Component };
