import { useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../i18n/translation';
import { ConfirmDialog } from '../components/ui/confirm-dialog';
import { Logo } from '../components/ui/logo';
import { useFormat } from '../i18n/format';
import { chooseLanguage, LANGUAGES, languageName, toLanguage } from '../i18n/i18n';
import { clearUserName } from '../lib/storage';
import { accountApi } from '../lib/account-api';
import { progressOn } from '../lib/journey/journey-routes';
import { ProgressBar } from '../components/progress/progress-bar';
import { INITIAL_POSITION } from '@portal/libs';
import { JourneyContext, useJourneySelector } from '../lib/journey/use-journey';
import { ACCESSIBILITY_PATH, legalHref } from '../features/legal/legal-links';
import { Link, useNav } from '../lib/nav';
import { SUPPORT_PHONE, SUPPORT_PHONE_HREF } from '../lib/support';

const NO_PROGRESS = ['/login', '/forgot-password'];

/**
 * A new page or step takes focus to its heading, so a screen reader starts there and Tab goes on from
 * the top, unless the applicant (or a field) already holds focus. The document title follows the heading.
 * The heading last seen is remembered: the page being left may still show it for a moment (wait for the
 * new one), while a step drawn at once (business step 2, the offer's final step) already shows its own.
 */
/**
 * The heading last seen, kept across shells: the first visit's (first-visit.tsx) hands over to the
 * router's when the applicant leaves /sign-up, and the page arrived at takes focus all the same.
 */
const lastShown: { key?: string; seen: HTMLElement | null } = { seen: null };

function useFocusOnHeading(key: string, language: string) {
  const last = useRef<string | undefined>(lastShown.key);
  const seen = useRef<HTMLElement | null>(lastShown.seen);
  useEffect(() => {
    // A language switch keeps the page (and the focus on the switch): only the title follows.
    const arriving = last.current !== undefined && last.current !== key;
    last.current = key;
    lastShown.key = key;
    const settle = () => {
      const h1 = document.querySelector<HTMLElement>('main h1');
      if (!h1 || (arriving && h1 === seen.current)) return false;
      seen.current = h1;
      lastShown.seen = h1;
      document.title = `${h1.textContent ?? ''} – Fundwise`;
      const idle = document.activeElement === document.body || !document.activeElement?.isConnected;
      if (arriving && idle) {
        h1.tabIndex = -1;
        h1.focus();
      }
      return true;
    };
    if (settle()) return;
    const watch = new MutationObserver(() => settle() && watch.disconnect());
    watch.observe(document.body, { childList: true, subtree: true });
    const stop = setTimeout(() => watch.disconnect(), 15_000);
    return () => {
      watch.disconnect();
      clearTimeout(stop);
    };
  }, [key, language]);
}

/** Tab and Shift+Tab go round the open drawer's controls, never out to the page under it. */
function keepFocusIn(container: HTMLElement, e: { key: string; shiftKey: boolean; preventDefault: () => void }) {
  const controls = container.querySelectorAll<HTMLElement>('a, button');
  const ends = [controls[0], controls[controls.length - 1]];
  const [from, to] = e.shiftKey ? ends : ends.reverse();
  if (e.key === 'Tab' && document.activeElement === from) {
    e.preventDefault();
    to?.focus();
  }
}

/** The app's frame around the page (`children`): the router's outlet, or the first visit's page. */
export function Shell({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const fmt = useFormat();
  const nav = useNav();
  const { user, path } = nav;
  const [menuOpen, setMenuOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLElement>(null);
  const journey = useContext(JourneyContext);
  // Before the journey has started (a signed-out visit), the progress bar shows where sign-up starts.
  const saved = useJourneySelector((s) => s.context.position, INITIAL_POSITION);
  const position = progressOn(path, saved);
  const language = toLanguage(i18n.resolvedLanguage ?? i18n.language);
  useFocusOnHeading(`${path}:${position?.stage ?? ''}:${position?.step ?? ''}`, language);

  // Focus goes back to the menu button once the drawer has closed (the page is no longer inert).
  const refocusMenuButton = useRef(false);
  useEffect(() => {
    if (menuOpen) menu.current?.querySelector<HTMLElement>('a, button')?.focus();
    else if (refocusMenuButton.current) {
      refocusMenuButton.current = false;
      menuButton.current?.focus();
    }
  }, [menuOpen]);

  function closeMenu() {
    refocusMenuButton.current = true;
    setMenuOpen(false);
  }

  async function signOut() {
    setConfirming(false);
    setMenuOpen(false);
    await accountApi.logout().catch(() => undefined);
    // Nothing typed is kept in this browser (drafts are the api's); the name goes too.
    clearUserName();
    nav.signedOut();
    journey?.current()?.send({ type: 'journey.reset' });
    await nav.go('/login');
  }

  return (
    <div className="app">
      <a className="skip-link" href="#main" inert={menuOpen}>
        {t('app.skipToContent')}
      </a>
      <header className="topbar" inert={menuOpen}>
        <Link to="/" className="topbar-logo" aria-label={t('app.home')}>
          <Logo />
        </Link>
        <div className="topbar-right">
          {user ? <span className="topbar-name">{user.firstName}</span> : null}
          {/* Every language, each named in itself; the one shown is pressed (at phone width it gives up its place). */}
          <div className="language-switch" role="group" aria-label={t('shell.language')}>
            {LANGUAGES.map((lng) => (
              <button
                key={lng}
                type="button"
                className="btn btn-link"
                lang={lng}
                aria-pressed={lng === language}
                onClick={() => lng !== language && chooseLanguage(lng)}
              >
                {languageName(lng)}
              </button>
            ))}
          </div>
          <button
            ref={menuButton}
            type="button"
            className="icon-btn"
            aria-label={t('shell.menu')}
            aria-expanded={menuOpen}
            aria-controls="side-menu"
            onClick={() => setMenuOpen((o) => !o)}
          >
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
      </header>
      {menuOpen ? (
        <div className="menu-backdrop" onClick={closeMenu}>
          <nav
            id="side-menu"
            ref={menu}
            className="side-menu"
            aria-label={t('shell.menu')}
            onClick={(e) => e.stopPropagation()}
            onKeyDown={(e) => {
              if (e.key === 'Escape') closeMenu();
              else if (menu.current) keepFocusIn(menu.current, e);
            }}
          >
            {/* The application's own pages come first. */}
            {user ? (
              <Link to="/status" onClick={() => setMenuOpen(false)}>
                {t('shell.status')}
              </Link>
            ) : null}
            {user ? (
              <Link to="/my-data" onClick={() => setMenuOpen(false)}>
                {t('shell.downloadMyData')}
              </Link>
            ) : null}
            <a href={legalHref('privacyPolicy')} target="_blank" rel="noreferrer">
              {t('shell.privacyPolicy')}
            </a>
            <a href={legalHref('termsOfUse')} target="_blank" rel="noreferrer">
              {t('shell.termsOfUse')}
            </a>
            <Link to={ACCESSIBILITY_PATH} onClick={() => setMenuOpen(false)}>
              {t('shell.accessibility')}
            </Link>
            <a href={SUPPORT_PHONE_HREF}>{t('shell.support', { phone: fmt.phone(SUPPORT_PHONE) })}</a>
            {user ? (
              <Link to="/delete-account" onClick={() => setMenuOpen(false)}>
                {t('shell.deleteAccount')}
              </Link>
            ) : null}
            {user ? (
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() => {
                  setMenuOpen(false);
                  setConfirming(true);
                }}
              >
                {t('shell.signOut')}
              </button>
            ) : (
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => {
                  setMenuOpen(false);
                  void nav.go('/login');
                }}
              >
                {t('shell.logIn')}
              </button>
            )}
          </nav>
        </div>
      ) : null}
      {position && !NO_PROGRESS.includes(path) ? (
        <div inert={menuOpen}>
          <ProgressBar stage={position.stage} step={position.step} />
        </div>
      ) : null}
      <main className="content" id="main" tabIndex={-1} inert={menuOpen}>
        {children}
      </main>
      <ConfirmDialog
        open={confirming}
        title={t('shell.signOut')}
        body={t('shell.signOutQuestion')}
        okText={t('shell.logMeOut')}
        cancelText={t('shell.stayLoggedIn')}
        onOk={() => void signOut()}
        onCancel={() => setConfirming(false)}
        returnFocus={() => menuButton.current}
      />
    </div>
  );
}
