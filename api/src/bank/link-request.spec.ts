import { describe, expect, it } from 'vitest';
import { APPLICANT_LANGUAGES } from '@portal/libs';
import { LINK_LANGUAGES, linkRequest } from './link-request';

describe('Plaid Link in the applicant’s language', () => {
  const asked = (language: string | undefined) => linkRequest({ userId: 'u1', language }).language;

  it('opens in Spanish for a US Spanish account and in French for a Canadian French one, by Link’s own codes', () => {
    expect(asked('es-US')).toBe('es');
    expect(asked('fr-CA')).toBe('fr');
    expect(asked('en')).toBe('en');
  });

  it('opens in English for an account that keeps no language, or one the portal does not speak', () => {
    for (const language of [undefined, '', 'de', 'es']) expect(asked(language)).toBe('en');
  });

  it('has Link’s code for every language the portal speaks, each one Plaid lists', () => {
    const plaids = [
      'da',
      'nl',
      'en',
      'et',
      'fr',
      'de',
      'hi',
      'it',
      'ja',
      'lv',
      'lt',
      'no',
      'pl',
      'pt',
      'ro',
      'es',
      'sv',
      'vi',
    ];
    for (const l of APPLICANT_LANGUAGES) expect(plaids).toContain(LINK_LANGUAGES[l]);
  });
});
