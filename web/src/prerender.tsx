/**
 * The build's prerender of /sign-up (vite.config.ts prerenderSignUp): the page a signed-out first visit
 * lands on, as HTML in index.html, so the form paints as soon as the HTML and the stylesheet are in,
 * not once the whole app's code has downloaded and run; main.tsx then hydrates it. Run by the build in
 * Node, never shipped: the same tree as the browser's (first-visit.tsx), signed out, in one language.
 */
import { USER_NAME_KEY, type DbUser } from '@portal/libs';
import { renderToString } from 'react-dom/server';
import { FIRST_VISIT_PATH, FirstVisitApp, firstVisitNav } from './first-visit';
import { holdJourney, JourneyContext } from './lib/journey/use-journey';
import { NavContext, type Nav } from './lib/nav';
import { Shell } from './routes/shell';
import { JOURNEY_SHELLS } from './journey-shells';
import { LoadError } from './components/ui/load-error';
import { LANGUAGE_STORAGE_KEY, LANGUAGES, loadAllWords, loadLanguage, translate, type Language } from './i18n/i18n';

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
 * A journey page's frame (JOURNEY_SHELLS), shown by index.html as soon as the session check says
 * the visitor is signed in and stands on that page (a reload, the way back to the application): the shell
 * and the page's heading and lead, as the page itself draws them (features/journey/financial-page.tsx).
 * The page's scripts run once that has painted (vite.config.ts startAfterFirstPaint), and the page, once
 * its code and saved answers are in, is drawn over it (full-app.tsx). Lighthouse charges a paint with the
 * scripts evaluated (and compiled) before it: the frame paints with the HTML, the stylesheet and the
 * session check only.
 */
/** The applicant's first name is put in by index.html, from the session check's answer. */
const SHELL_USER = { firstName: '' } as DbUser;

export function renderJourneyShell(lng: Language, path: string): string {
  const page = JOURNEY_SHELLS[path];
  if (!page) throw new Error(`no journey shell for ${path}`);
  const fail = () => Promise.reject(new Error('the journey shell is never used'));
  const nav: Nav = {
    path,
    user: SHELL_USER,
    go: fail,
    signedIn: fail,
    signedOut: () => undefined,
    preload: () => undefined,
    Link: ({ to, ...props }) => <a href={to} {...props} />,
  };
  // Not started: the progress bar shows the page's own stage (journey-routes.ts progressOn).
  const journey = holdJourney(fail);
  // The page's own markup (financial-page.tsx, owners-page.tsx) down to its lead: the form comes with the app,
  // which on a slow connection takes seconds; meanwhile the form's place says so (Loading's words).
  return renderToString(
    <JourneyContext.Provider value={journey}>
      <NavContext.Provider value={nav}>
        <Shell>
          <section className={`card ${page.card}`}>
            <h1>{translate(lng, page.title)}</h1>
            <p className="lead">{translate(lng, page.lead)}</p>
            <p className="loading" role="status">
              {translate(lng, 'app.loading')}
            </p>
          </section>
        </Shell>
      </NavContext.Provider>
    </JourneyContext.Provider>,
  );
}

/**
 * The language the app will pick (i18n.ts detectLanguage, mirrored for index.html's scripts, which run
 * before the app's code): the stored choice, else the browser's first language, read as i18n.ts toLanguage
 * reads it. One copy for the three scripts; its list of languages is the app's.
 */
export const PICK_LANGUAGE = `function (key) {
  var stored = null;
  try { stored = localStorage.getItem(key); } catch (e) {}
  var tag = (stored || (navigator.languages && navigator.languages[0]) || navigator.language || '').toLowerCase();
  var languages = ${JSON.stringify(LANGUAGES)};
  var primary = function (t) { return t.split('-')[0]; };
  var i;
  for (i = 0; i < languages.length; i++) if (tag && languages[i].toLowerCase() === tag) return languages[i];
  for (i = 0; i < languages.length; i++) if (tag && primary(languages[i].toLowerCase()) === primary(tag)) return languages[i];
  return 'en';
}`;

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
  // The journey shells want the whole catalogue (the sign-up page's English is the first visit's words).
  for (const lng of LANGUAGES) {
    await loadLanguage(lng);
    await loadAllWords();
    for (const path of Object.keys(JOURNEY_SHELLS))
      templates.push(
        `<template id="shell-${lng}${path.replace(/\//g, '-')}">${renderJourneyShell(lng, path)}</template>`,
      );
  }
  // The page's words when its scripts cannot load (LOAD_FAILED_SCRIPT), in each language.
  for (const lng of LANGUAGES) {
    await loadLanguage(lng);
    await loadAllWords();
    templates.push(`<template id="load-failed-${lng}">${renderLoadFailed(lng)}</template>`);
  }
  const keys = {
    path: PRERENDERED_PATH,
    user: USER_NAME_KEY,
    language: LANGUAGE_STORAGE_KEY,
    shells: Object.keys(JOURNEY_SHELLS),
  };
  const script = `(function(k){
  if (location.pathname !== k.path) return;
  try {
    if (localStorage.getItem(k.user)) return;
  } catch (e) {}
  var lng = (${PICK_LANGUAGE})(k.language);
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
  return (
    `${templates.join('\n    ')}\n    <script>${script}</script>\n    <script>${JOURNEY_SHELL_SCRIPT}(${JSON.stringify(keys)});</script>` +
    `\n    <script>${LOAD_FAILED_SCRIPT}(${JSON.stringify(keys)});</script>`
  );
}

/**
 * index.html's chooser of a journey shell (JOURNEY_SHELLS): on such a page, once index.html's session
 * check answers (window.sessionCheck) with a signed-in applicant whose application stands on this very
 * page (lib/resume.ts resumePath, mirrored), the shell in the app's language (as for /sign-up) goes into
 * #root, inert until the app draws the page over it, with the applicant's first name in the top bar.
 * window.shellShown says whether it was shown: the app's scripts run once it has painted (vite.config.ts).
 * A signed-out visitor, another page's applicant, or a failed check: no shell, the app starts at once.
 */
const JOURNEY_SHELL_SCRIPT = `(function(k){
  if (k.shells.indexOf(location.pathname) < 0 || !window.sessionCheck) return;
  window.shellShown = window.sessionCheck
    .then(function (res) { return res.ok ? res.clone().json() : undefined; })
    .then(function (answer) {
      var user = answer && answer.data;
      var app = user && user.applications && user.applications[0];
      var at = ((app && app.stage && app.stage.path) || '/financial').toLowerCase();
      var root = document.getElementById('root');
      if (!user || at !== location.pathname || root.firstChild || document.visibilityState === 'hidden') return false;
      var lng = (${PICK_LANGUAGE})(k.language);
      var shell = document.getElementById('shell-' + lng + location.pathname.replace(/\\//g, '-'));
      if (!shell) return false;
      root.appendChild(shell.content.cloneNode(true));
      root.setAttribute('data-shell', lng);
      root.firstElementChild.inert = true;
      var name = root.querySelector('.topbar-name');
      if (name) name.textContent = user.firstName || '';
      document.documentElement.lang = lng;
      var h1 = root.querySelector('main h1');
      if (h1) document.title = h1.textContent + ' – Fundwise';
      return true;
    })
    .catch(function () { return false; });
})`;

/** The card LOAD_FAILED_SCRIPT shows: the app's own error state (LoadError), with the network message. */
function renderLoadFailed(lng: Language): string {
  const error = new Error(translate(lng, 'messages.common.network'));
  return renderToString(<LoadError error={error} reset={() => undefined} />);
}

/**
 * The page's scripts could not load (the connection dropped, a proxy refused them): without this a prerendered
 * form or a journey frame stayed on the screen for ever, inert, and any other page stayed blank. The start
 * script (vite.config.ts startAfterFirstPaint) calls window.appFailed on the entry's error: the network
 * message and a button that reloads, in the app's language, at the top of the page (what was typed in a
 * prerendered form stays where it is).
 */
const LOAD_FAILED_SCRIPT = `(function(k){
  window.appFailed = function () {
    var root = document.getElementById('root');
    if (!root || root.querySelector('[data-load-failed]')) return;
    var lng = (${PICK_LANGUAGE})(k.language);
    var card = document.getElementById('load-failed-' + lng).content.firstElementChild.cloneNode(true);
    card.setAttribute('data-load-failed', '');
    var main = root.querySelector('main');
    var into = main || root;
    into.insertBefore(card, into.firstChild);
    // A journey frame's 'Loading' would say the opposite of the card: it goes.
    [].forEach.call(root.querySelectorAll('.loading[role=status]'), function (l) { l.remove(); });
    // A journey frame is inert as a whole: only the card is made live, the rest stays inert.
    var frame = main && main.closest('[inert]');
    if (frame) {
      frame.inert = false;
      [].forEach.call(frame.children, function (c) { if (!c.contains(main)) c.inert = true; });
      [].forEach.call(main.children, function (c) { if (c !== card) c.inert = true; });
    }
    document.documentElement.lang = lng;
    var button = card.querySelector('button');
    button.addEventListener('click', function () { location.reload(); });
    button.focus();
  };
})`;
