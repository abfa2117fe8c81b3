import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Logo } from '../../components/ui/logo';
import { clearUserName } from '../../lib/storage';
import { accountApi } from '../account/account-api';
import { useSelector } from '@xstate/react';
import { progressOn } from '../journey/journey-routes';
import { ProgressBar } from '../journey/progress-bar';
import { useJourneyActor } from '../journey/use-journey';
import { legalHref } from '../legal/legal-links';
import { sessionQueryOptions } from './session';

export const SUPPORT_PHONE = '(888) 555-0142';
export const SUPPORT_PHONE_HREF = `tel:+1${SUPPORT_PHONE.replace(/\D/g, '')}`;
const NO_PROGRESS = ['/login', '/forgot-password'];

export function Shell() {
  const { data: user } = useQuery(sessionQueryOptions());
  const path = useRouterState({ select: (s) => s.location.pathname });
  const [menuOpen, setMenuOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const journey = useJourneyActor();
  const saved = useSelector(journey, (s) => s.context.position);
  const position = progressOn(path, saved);

  async function signOut() {
    setConfirming(false);
    setMenuOpen(false);
    await accountApi.logout().catch(() => undefined);
    clearUserName();
    queryClient.setQueryData(sessionQueryOptions().queryKey, null);
    journey.send({ type: 'journey.reset' });
    await navigate({ to: '/login' });
  }

  return (
    <div className="app">
      <header className="topbar">
        <Link to="/" className="topbar-logo" aria-label="Fundwise home">
          <Logo />
        </Link>
        <div className="topbar-right">
          {user ? <span className="topbar-name">{user.firstName}</span> : null}
          <button
            type="button"
            className="icon-btn"
            aria-label="Menu"
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen((o) => !o)}
          >
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
      </header>
      {menuOpen ? (
        <div className="menu-backdrop" onClick={() => setMenuOpen(false)}>
          <nav className="side-menu" aria-label="Menu" onClick={(e) => e.stopPropagation()}>
            <a href={legalHref('privacyPolicy')} target="_blank" rel="noreferrer">
              Privacy policy
            </a>
            <a href={legalHref('termsOfUse')} target="_blank" rel="noreferrer">
              Terms of use
            </a>
            <a href={SUPPORT_PHONE_HREF}>Support: {SUPPORT_PHONE}</a>
            {user ? (
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() => {
                  setMenuOpen(false);
                  setConfirming(true);
                }}
              >
                Sign out
              </button>
            ) : (
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => {
                  setMenuOpen(false);
                  void navigate({ to: '/login' });
                }}
              >
                Log in
              </button>
            )}
          </nav>
        </div>
      ) : null}
      {position && !NO_PROGRESS.includes(path) ? <ProgressBar stage={position.stage} step={position.step} /> : null}
      <main className="content">
        <Outlet />
      </main>
      <ConfirmDialog
        open={confirming}
        title="Sign out"
        body="Are you sure you want to log out?"
        okText="Yes, log me out"
        cancelText="No, stay logged in"
        onOk={() => void signOut()}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
