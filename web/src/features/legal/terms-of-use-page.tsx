import { LegalDocumentPage, SupportPhoneLink, type LegalSection, type LegalText } from './legal-page';
import { legalHref } from './legal-links';
import { TERMS_ES } from './terms-of-use-es';
import { TERMS_FR } from './terms-of-use-fr';

const SECTIONS: LegalSection[] = [
  {
    heading: 'Who may apply',
    body: (
      <p>
        The portal is for owners and authorized officers of businesses in the United States and Canada. Apply only for a
        business you are entitled to act for, and list only owners who agree to be listed and to sign the application.
      </p>
    ),
  },
  {
    heading: 'Accurate information',
    body: (
      <p>
        Give true and complete answers, and upload only genuine documents. We rely on them to assess your application;
        false or misleading information ends it and may be unlawful.
      </p>
    ),
  },
  {
    heading: 'Your account',
    body: (
      <p>
        Keep your password to yourself. You are responsible for what is done through your account, so tell us at once if
        you think someone else has used it.
      </p>
    ),
  },
  {
    heading: 'Offers are not yet a loan',
    body: (
      <p>
        The offers shown in the portal are estimates based on what you entered. They are not a commitment to lend.
        Funding depends on our review of your application, documents and credit, and its final terms are the ones in the
        funding agreement you sign.
      </p>
    ),
  },
  {
    heading: 'Electronic signature and credit checks',
    body: (
      <p>
        You agree that signing in the portal is your signature on the application, with the same effect as signing on
        paper. Signing authorizes us and our funding partners to obtain business and personal credit reports and to
        verify the information you gave.
      </p>
    ),
  },
  {
    heading: 'Fair use',
    body: (
      <p>
        Do not try to reach anyone else&apos;s application, to get around the portal&apos;s security, or to overload it.
        We may close an account used that way.
      </p>
    ),
  },
  {
    heading: 'Other services',
    body: (
      <p>
        The portal links to services run by others, such as the scheduling tool and partner lenders. Their own terms
        apply when you use them.
      </p>
    ),
  },
  {
    heading: 'Changes',
    body: (
      <p>
        We may change the portal and these terms. The version on this page is the one that applies when you use the
        portal.
      </p>
    ),
  },
];

const TERMS_EN: LegalText = {
  title: 'Terms of use',
  intro: 'These terms apply when you use the Fundwise application portal. By creating an account, you accept them.',
  sections: SECTIONS,
  footer: (
    <>
      How we handle your information is set out in our{' '}
      <a href={legalHref('privacyPolicy')} target="_blank" rel="noreferrer">
        privacy policy
      </a>
      . Questions: call us at <SupportPhoneLink />.
    </>
  ),
};

/** The portal's own terms of use, used when VITE_TERMS_OF_USE_URL names none of the lender's. */
export function TermsOfUsePage() {
  return <LegalDocumentPage versions={{ en: TERMS_EN, 'fr-CA': TERMS_FR, 'es-US': TERMS_ES }} />;
}
