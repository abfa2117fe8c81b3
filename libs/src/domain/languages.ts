/** The applicant's language: chosen in the web app, kept on the account for the emails. */
export const APPLICANT_LANGUAGES = ['en', 'fr-CA', 'es-US'] as const;
export type ApplicantLanguage = (typeof APPLICANT_LANGUAGES)[number];
export const isApplicantLanguage = (v: unknown): v is ApplicantLanguage =>
  APPLICANT_LANGUAGES.includes(v as ApplicantLanguage);
