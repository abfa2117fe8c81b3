import { LegalDocumentPage, SupportPhoneLink, type LegalSection, type LegalText } from './legal-page';
import { legalHref } from './legal-links';
import { PRIVACY_ES } from './privacy-policy-es';
import { PRIVACY_FR } from './privacy-policy-fr';

// Written from what the portal actually collects and where it sends it; keep it in step with the code.
const SECTIONS: LegalSection[] = [
  {
    heading: 'What we collect',
    body: (
      <ul>
        <li>
          <strong>About you:</strong> your name, email address, phone number and the password you choose. We keep only a
          one-way hash of the password, never the password itself.
        </li>
        <li>
          <strong>About your business:</strong> its legal and trade names, entity type, EIN or Business Number, start
          date, industry, number of employees, address, phone and website, its annual revenue, average daily balance and
          open loans, whether it accepts credit cards, and how much funding you want and what for.
        </li>
        <li>
          <strong>About each owner:</strong> name, home address, email, phone, date of birth, Social Security or Social
          Insurance Number, share of ownership, an estimated credit score and US citizenship.
        </li>
        <li>
          <strong>Documents:</strong> the business bank statements, voided check and driver&apos;s license you upload,
          and the application you sign electronically.
        </li>
        <li>
          <strong>How you use the portal:</strong> the step you have reached, and the IP address of each request, which
          we use to limit password guessing on your account.
        </li>
      </ul>
    ),
  },
  {
    heading: 'Why we need it',
    body: (
      <ul>
        <li>To decide whether we can offer your business funding, and to work out the amounts and terms we offer.</li>
        <li>To confirm who the owners are and that the business is genuine, and to prevent fraud.</li>
        <li>To set up the account that funding is paid into and payments are taken from (the voided check).</li>
        <li>To send you your sign-in codes and offer summary, and so your funding expert can contact you.</li>
        <li>To keep your account secure, and to meet the record-keeping duties that apply to lenders.</li>
      </ul>
    ),
  },
  {
    heading: 'Who we share it with',
    body: (
      <>
        <p>
          Service providers who work for us and handle your information only to do that work: our customer-relationship
          system, where our funding team reviews applications; the electronic-signature and document services; secure
          document storage; our email provider; the scheduling tool you use to book a call; and the address lookup that
          suggests addresses as you type.
        </p>
        <p>
          When you sign the application, you authorize us and our funding partners to obtain business and personal
          credit reports and to verify the information you gave. If a partner referred you, we record their referral
          code with your application. We also disclose information when the law requires it.
        </p>
        <p>
          If you follow a link to a partner lender, what you give them is covered by their own privacy policy, not this
          one.
        </p>
      </>
    ),
  },
  {
    heading: 'How we protect it',
    body: (
      <p>
        Your information travels encrypted between your browser and us. Social Security and Social Insurance Numbers,
        tax ids and dates of birth are also encrypted in our database, and the portal shows them back masked, with only
        the last four digits. In the portal, each application is visible only to the account that created it.
      </p>
    ),
  },
  {
    heading: 'Cookies and browser storage',
    body: (
      <p>
        We use cookies to keep you signed in and to protect our forms from requests sent by other websites. If you
        arrive through a partner&apos;s referral link, a cookie remembers the referral for 12 hours. Your browser also
        keeps your email address and the amount you asked for, so the forms can be filled in for you. We do not use
        advertising cookies. The scheduling tool and review widget come from their providers, who may set cookies of
        their own.
      </p>
    ),
  },
  {
    heading: 'How long we keep it',
    body: (
      <p>
        We keep your application and documents for as long as we need them to review and service your funding, and for
        as long as the law requires lenders to keep their records.
      </p>
    ),
  },
  {
    heading: 'Your choices',
    body: (
      <p>
        You can ask to see the information we hold about you, to correct it, or to have it deleted where the law allows,
        by calling us at <SupportPhoneLink />. You do not have to give us any of this information, but we cannot assess
        an application without it.
      </p>
    ),
  },
];

const PRIVACY_EN: LegalText = {
  title: 'Privacy policy',
  intro:
    'Fundwise runs this portal, where owners of small businesses in the United States and Canada apply for business funding. This page explains what we collect when you apply, why, who sees it and how we protect it.',
  sections: SECTIONS,
  footer: (
    <>
      See also our{' '}
      <a href={legalHref('termsOfUse')} target="_blank" rel="noreferrer">
        terms of use
      </a>
      .
    </>
  ),
};

/** The portal's own privacy policy, used when VITE_PRIVACY_POLICY_URL names none of the lender's. */
export function PrivacyPolicyPage() {
  return <LegalDocumentPage versions={{ en: PRIVACY_EN, 'fr-CA': PRIVACY_FR, 'es-US': PRIVACY_ES }} />;
}
