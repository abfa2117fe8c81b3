/**
 * The build's prerender of /sign-up (vite.config.ts prerenderSignUp): the page a signed-out first visit
 * lands on, as HTML in index.html, so the form paints as soon as the HTML and the stylesheet are in,
 * not once the whole app's code has downloaded and run; main.tsx then hydrates it. Run by the build in
 * Node, never shipped: the same tree as the browser's (first-visit.tsx), signed out, in one language.
 */
import { USER_NAME_KEY } from '@portal/libs';
import { renderToString } from 'react-dom/server';
import { FIRST_VISIT_PATH, FirstVisitApp, firstVisitNav } from './first-visit';
import { holdJourney } from './lib/journey/use-journey';
import { LANGUAGE_STORAGE_KEY, LANGUAGES, loadLanguage, type Language } from './i18n/i18n';

export const PRERENDERED_PATH = FIRST_VISIT_PATH;

export async function render(lng: Language): Promise<string> {
  await loadLanguage(lng);
  // Signed out: a visitor with a session is not shown the prerender (index.html's chooser, main.tsx).
  const journey = holdJourney(() => Promise.reject(new Error('/sign-up never starts the journey')));
  const nav = firstVisitNav({
    leave: () => Promise.reject(new Error('the prerender never leaves /sign-up')),
    preload: () => undefined,
  });
  const html = renderToString(<FirstVisitApp nav={nav} journey={journey} />);
  if (!html.includes('<h1>')) throw new Error(`the prerender of ${PRERENDERED_PATH} has no heading`);
  return html;
}

/**
 * index.html's part after #root: the prerendered page in each language, inert (<template>), and a script
 * that runs before the first paint and puts one of them in #root, only when the address is /sign-up and
 * only for a visitor who is not signed in, in the language the app will pick (i18n.ts detectLanguage,
 * mirrored here: the stored choice, else the browser's first language). A visitor with a session (the
 * user name the app keeps while signed in, lib/storage.ts) would be sent on to the application at once:
 * they get no prerender, so no sign-up form flashes before it. main.tsx hydrates the page shown, or
 * renders afresh when what it finds is not what it would render.
 *
 * Until the app has taken over, a submit is held (the browser's own would send the fields, the password
 * with them, in the address) and noted: the sign-up page makes it once the form is React's. A press on
 * another button (the menu, the language) is noted too, and made again once the page is React's
 * (first-visit.tsx): the page's scripts start after the first paint, so a quick press may come first.
 */
export async function prerenderedBody(): Promise<string> {
  const templates = [];
  for (const lng of LANGUAGES) templates.push(`<template id="prerender-${lng}">${await render(lng)}</template>`);
  const keys = { path: PRERENDERED_PATH, user: USER_NAME_KEY, language: LANGUAGE_STORAGE_KEY };
  const script = `(function(k){
  if (location.pathname !== k.path) return;
  var stored = null;
  try {
    if (localStorage.getItem(k.user)) return;
    stored = localStorage.getItem(k.language);
  } catch (e) {}
  var tag = stored || (navigator.languages && navigator.languages[0]) || navigator.language || '';
  var lng = tag.toLowerCase().indexOf('fr') === 0 ? 'fr-CA' : 'en';
  var root = document.getElementById('root');
  root.appendChild(document.getElementById('prerender-' + lng).content.cloneNode(true));
  root.setAttribute('data-prerendered', lng);
  document.documentElement.lang = lng;
  var h1 = root.querySelector('main h1');
  if (h1) document.title = h1.textContent + ' – Fundwise';
  window.holdSubmit = function (e) { e.preventDefault(); window.submitHeld = true; };
  document.addEventListener('submit', window.holdSubmit, true);
  window.heldClicks = [];
  window.holdClick = function (e) {
    var b = e.target && e.target.closest && e.target.closest('button[type=button]');
    if (b) window.heldClicks.push(b);
  };
  document.addEventListener('click', window.holdClick, true);
})(${JSON.stringify(keys)});`;
  return `${templates.join('\n    ')}\n    <script>${script}</script>`;
}
