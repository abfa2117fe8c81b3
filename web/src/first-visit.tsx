import { StrictMode, useEffect } from 'react';
import type { DbUser } from '@portal/libs';
import { SignUpPage } from './features/account/sign-up-page';
import { accountApi } from './lib/account-api';
import { JourneyContext, type JourneyHolder } from './lib/journey/use-journey';
import { NavContext, ownClick, type Nav, type NavLinkProps } from './lib/nav';
import { Shell } from './routes/shell';

/**
 * The first visit's app, kept small: a signed-out visitor's /sign-up, prerendered in index.html
 * (prerender.tsx) and hydrated by main.tsx, without TanStack Router and Query. Their code (the whole app,
 * full-app.tsx) loads once the page has shown, and takes over when the applicant leaves the page (a link,
 * signed up): `leave` is that hand-over. Until then this is the page's way (lib/nav.tsx).
 */
export const FIRST_VISIT_PATH = '/sign-up';

export type Leave = (to: string, search: Record<string, unknown> | undefined, user: DbUser | null) => Promise<void>;

export function firstVisitNav({ leave, preload }: { leave: Leave; preload: (path: string) => void }): Nav {
  // The session as the page last read it: signed out until sign-up ends with a session.
  let user: DbUser | null = null;
  const go = (to: string, search?: Record<string, unknown>) => leave(to, search, user);
  function Link({ to, onClick, ...props }: NavLinkProps) {
    return (
      <a
        href={to}
        {...props}
        onClick={(e) => {
          onClick?.(e);
          if (!ownClick(e) || props.target) return;
          e.preventDefault();
          void go(to);
        }}
      />
    );
  }
  return {
    path: FIRST_VISIT_PATH,
    user: null,
    go,
    signedIn: async (signedInUser) => {
      user = signedInUser ?? (await accountApi.currentUser());
      return user;
    },
    signedOut: () => void (user = null),
    preload,
    Link,
  };
}

declare global {
  interface Window {
    /** index.html's note of the buttons pressed before the app had taken the page over (prerender.tsx). */
    holdClick?: (e: Event) => void;
    heldClicks?: HTMLButtonElement[];
  }
}

/** The presses index.html noted, to be made again once the hydrated page is React's. */
let pressed: HTMLButtonElement[] = [];

/**
 * Stops noting presses (index.html's hold, prerender.tsx), right before the page is hydrated: from then
 * on React itself replays a press on the page it is hydrating. `keep`: those noted are made again once
 * the page is React's (else the page is rendered afresh and they are dropped).
 */
export function stopNotingClicks(keep: boolean) {
  if (window.holdClick) document.removeEventListener('click', window.holdClick, true);
  pressed = keep ? (window.heldClicks ?? []) : [];
  delete window.holdClick;
  delete window.heldClicks;
}

/** Once the hydrated page is React's, the presses made before it are made again. Renders nothing. */
function TakeOverClicks() {
  useEffect(() => {
    const held = pressed;
    pressed = [];
    for (const button of held) if (button.isConnected) button.click();
  }, []);
  return null;
}

/** The tree the prerender renders and main.tsx hydrates: the shell and the sign-up page. */
export function FirstVisitApp({ nav, journey }: { nav: Nav; journey: JourneyHolder }) {
  return (
    <StrictMode>
      <JourneyContext.Provider value={journey}>
        <NavContext.Provider value={nav}>
          <Shell>
            <SignUpPage />
          </Shell>
          <TakeOverClicks />
        </NavContext.Provider>
      </JourneyContext.Provider>
    </StrictMode>
  );
}
