import { afterEach, expect, it, vi } from 'vitest';
import { externalLegalUrl, legalHref } from './legal-links';

afterEach(() => {
  vi.unstubAllEnvs();
});

it('links to the portal’s own pages when no URLs are configured', () => {
  vi.stubEnv('VITE_PRIVACY_POLICY_URL', '');
  vi.stubEnv('VITE_TERMS_OF_USE_URL', '  ');
  expect(legalHref('privacyPolicy')).toBe('/privacy-policy');
  expect(legalHref('termsOfUse')).toBe('/terms-of-use');
  expect(externalLegalUrl('privacyPolicy')).toBeUndefined();
});

it('links to the lender’s published documents when configured', () => {
  vi.stubEnv('VITE_PRIVACY_POLICY_URL', ' https://lender.example/privacy ');
  vi.stubEnv('VITE_TERMS_OF_USE_URL', 'https://lender.example/terms');
  expect(legalHref('privacyPolicy')).toBe('https://lender.example/privacy');
  expect(legalHref('termsOfUse')).toBe('https://lender.example/terms');
});

it('ignores anything but an absolute http(s) address', () => {
  for (const bad of ['javascript:alert(1)', '/privacy-policy', '//lender.example/privacy', 'lender.example']) {
    vi.stubEnv('VITE_PRIVACY_POLICY_URL', bad);
    expect(legalHref('privacyPolicy')).toBe('/privacy-policy');
  }
});
