/**
 * A page that needs a session, reached without one (a reload, a followed link). Signed in on this browser
 * before and not signed out on purpose: /login says the session ended and knows the page to return to.
 * Never signed in here: /sign-up, the product's rule, the stored name cleared.
 */
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { USER_NAME_KEY } from '@portal/libs';
import type { JourneyHolder } from '../lib/journey/use-journey';
import { sessionQueryOptions } from '../lib/session';
import { clearUserName, hadSession, noteSessionEnded, storeUserName } from '../lib/storage';
import { createAppRouter } from '../router';

/** Where the app lands from `path` with no session (the check answered no one). */
async function landFrom(path: string) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(sessionQueryOptions().queryKey, null);
  // Signed out, no route starts the journey actor.
  const router = createAppRouter(
    { queryClient, journey: {} as JourneyHolder },
    createMemoryHistory({ initialEntries: [path] }),
  );
  await router.load();
  const { pathname, search } = router.state.location;
  return { pathname, search: search as Record<string, unknown> };
}

afterEach(() => localStorage.clear());

describe('no session on a page that needs one', () => {
  it('never signed in on this browser: /sign-up, as the product has it', async () => {
    for (const path of ['/', '/financial', '/owners', '/status'])
      expect(await landFrom(path), path).toEqual({ pathname: '/sign-up', search: {} });
  });

  it('signed in before (a stored name): /login says so and returns to the page, with its query', async () => {
    storeUserName('ada@example.com');
    expect(await landFrom('/owners')).toEqual({
      pathname: '/login',
      search: { signedOut: true, next: '/owners' },
    });
    // The name is gone (nothing of the person is left behind), that a session ended is not.
    expect(localStorage.getItem(USER_NAME_KEY)).toBeNull();
    expect(hadSession()).toBe(true);
    // A link followed later, from an email in French: still explained, the link's page and language kept.
    expect(await landFrom('/status?lng=fr')).toEqual({
      pathname: '/login',
      search: { signedOut: true, next: '/status?lng=fr' },
    });
  });

  it('a session ended mid-visit (noted by the api client) is explained at / too', async () => {
    noteSessionEnded();
    expect(await landFrom('/')).toEqual({ pathname: '/login', search: { signedOut: true } });
  });

  it('a sign-out on purpose, or a new session, forgets that one ended', async () => {
    noteSessionEnded();
    clearUserName();
    expect(await landFrom('/financial')).toEqual({ pathname: '/sign-up', search: {} });
    // A new session: while it lasts its name stands for it, the old note is gone.
    noteSessionEnded();
    storeUserName('ada@example.com');
    localStorage.removeItem(USER_NAME_KEY);
    expect(hadSession()).toBe(false);
  });
});
