import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { enLater } from './i18n/en';
import { addWords, currentLanguage, loadLanguage, setUpI18n } from './i18n/i18n';
import { loadPhoneLibrary } from './lib/phone';

// A page's first render waits for its lazy parts: under the whole suite's load (the other suites beside these
// on two cores) that passed the 1 s Testing Library gives a findBy or waitFor by default.
configure({ asyncUtilTimeout: 5_000 });

// The tests read the English words; the French are checked by the catalogue test and the e2e journey.
setUpI18n('en');
addWords('en', enLater);

// The phone library is a chunk of its own (lib/phone.ts): a journey page's loader fetches it before the page
// renders; the pages these tests render alone get it here, as from their loaders.
beforeAll(() => loadPhoneLibrary());

afterEach(() => {
  cleanup();
  document.cookie.split(';').forEach((c) => {
    document.cookie = `${c.split('=')[0]?.trim()}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
  localStorage.clear();
  if (currentLanguage() !== 'en') void loadLanguage('en');
});

// jsdom has no scrolling; the router restores scroll positions on navigation.
window.scrollTo = () => undefined;
