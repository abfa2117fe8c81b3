import { createContext, useContext, type AnchorHTMLAttributes, type ComponentType, type MouseEvent } from 'react';
import type { DbUser } from '@portal/libs';

/**
 * What the shell and the first visit's page need of the router and of the session, without loading either: the path
 * shown, the signed-in user, a way to go elsewhere, links. The whole app's router (routes/router-shell.tsx,
 * TanStack Router and Query) gives it; so does the first visit on its own (first-visit.tsx), before the
 * router's code has loaded: a signed-out first visit to /sign-up shows and works without it, and goes to
 * the router once the applicant leaves the page.
 */
export type NavLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

export type Nav = {
  /** The address's path. */
  path: string;
  /** The signed-in user; null when signed out (undefined while unknown). */
  user: DbUser | null | undefined;
  /** Goes to a path of the app (with a query). */
  go: (to: string, search?: Record<string, unknown>) => Promise<void>;
  /** Signed in: the session is the sign-in's answer's user, or read when it has none (lib/session.ts startSession). */
  signedIn: (user: DbUser | undefined) => Promise<DbUser | null>;
  /** The session has ended (signed out on purpose). */
  signedOut: () => void;
  /** Fetches a page's code ahead of going there. */
  preload: (path: string) => void;
  Link: ComponentType<NavLinkProps>;
};

export const NavContext = createContext<Nav | null>(null);

export function useNav(): Nav {
  const nav = useContext(NavContext);
  if (!nav) throw new Error('useNav needs a NavContext provider');
  return nav;
}

/** A link to a page of the app: the router's own, or the first visit's. */
export function Link(props: NavLinkProps) {
  const { Link: Impl } = useNav();
  return <Impl {...props} />;
}

/** A plain left click without a modifier, on a link that opens here: the app handles it. */
export const ownClick = (e: MouseEvent<HTMLAnchorElement>) =>
  !e.defaultPrevented && e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;
