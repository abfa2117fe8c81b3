import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { enLater } from './i18n/en';
import { setUpI18n } from './i18n/i18n';

// The tests read the English words; the French are checked by the catalogue test and the e2e journey.
const i18n = setUpI18n('en');
i18n.addResourceBundle('en', 'translation', enLater, true, false);

afterEach(() => {
  cleanup();
  document.cookie.split(';').forEach((c) => {
    document.cookie = `${c.split('=')[0]?.trim()}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
  localStorage.clear();
  if (i18n.language !== 'en') void i18n.changeLanguage('en');
});

// jsdom has no scrolling; the router restores scroll positions on navigation.
window.scrollTo = () => undefined;
