/**
 * Where the side menu's legal links go: the lender's own published documents when their URLs are
 * configured at build time, else the portal's pages at /privacy-policy and /terms-of-use.
 */
export const LEGAL_PATHS = { privacyPolicy: '/privacy-policy', termsOfUse: '/terms-of-use' } as const;
/** The accessibility statement: always the portal's own page. */
export const ACCESSIBILITY_PATH = '/accessibility';

export type LegalDocument = keyof typeof LEGAL_PATHS;

/** Only an absolute http(s) address is taken: a typo must not turn the link into a script or a loop. */
function configuredUrl(raw: string | undefined): string | undefined {
  const value = (raw ?? '').trim();
  return /^https?:\/\/[^/\s]+/i.test(value) ? value : undefined;
}

export function externalLegalUrl(doc: LegalDocument): string | undefined {
  return configuredUrl(
    doc === 'privacyPolicy'
      ? (import.meta.env.VITE_PRIVACY_POLICY_URL as string | undefined)
      : (import.meta.env.VITE_TERMS_OF_USE_URL as string | undefined),
  );
}

export const legalHref = (doc: LegalDocument): string => externalLegalUrl(doc) ?? LEGAL_PATHS[doc];
