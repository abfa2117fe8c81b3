/**
 * The language switch shows every language, each named in itself and marked with its own lang; the one
 * shown is pressed. A press shows the page in that language at once, sets the page's lang and is remembered.
 */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DbUser } from '@portal/libs';
import { currentLanguage, LANGUAGE_STORAGE_KEY, loadLanguage } from '../i18n/i18n';
import { holdJourney, JourneyContext } from '../lib/journey/use-journey';
import { NavContext, type Nav } from '../lib/nav';
import { Shell } from './shell';

function renderShell() {
  const fail = () => Promise.reject(new Error('not in this test'));
  const nav: Nav = {
    path: '/sign-up',
    user: null as unknown as DbUser,
    go: fail,
    signedIn: fail,
    signedOut: () => undefined,
    preload: () => undefined,
    Link: ({ to, ...props }) => <a href={to} {...props} />,
  };
  render(
    <JourneyContext.Provider value={holdJourney(fail)}>
      <NavContext.Provider value={nav}>
        <Shell>
          <h1>Page</h1>
        </Shell>
      </NavContext.Provider>
    </JourneyContext.Provider>,
  );
}

const switchGroup = (name: string) => screen.getByRole('group', { name });
const pressed = (group: HTMLElement) =>
  within(group)
    .getAllByRole('button')
    .filter((b) => b.getAttribute('aria-pressed') === 'true')
    .map((b) => b.textContent);

describe('the language switch', () => {
  it('shows English, French and Spanish, each in itself with its lang, the one shown pressed', () => {
    renderShell();
    const group = switchGroup('Language');
    const buttons = within(group).getAllByRole('button');
    expect(buttons.map((b) => [b.textContent, b.getAttribute('lang')])).toEqual([
      ['English', 'en'],
      ['Français', 'fr-CA'],
      ['Español', 'es-US'],
    ]);
    expect(pressed(group)).toEqual(['English']);
  });

  it('shows the page in Spanish on a press, with the page’s lang, and remembers it', async () => {
    renderShell();
    await userEvent.click(within(switchGroup('Language')).getByRole('button', { name: 'Español' }));
    const group = await screen.findByRole('group', { name: 'Idioma' });
    expect(currentLanguage()).toBe('es-US');
    expect(document.documentElement.lang).toBe('es-US');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('es-US');
    expect(pressed(group)).toEqual(['Español']);
    expect(screen.getByRole('link', { name: 'Saltar al contenido principal' })).toBeTruthy();
    // And on to French from Spanish: every language is one press from every other.
    await userEvent.click(within(group).getByRole('button', { name: 'Français' }));
    expect(pressed(await screen.findByRole('group', { name: 'Langue' }))).toEqual(['Français']);
    await act(() => loadLanguage('en'));
  });
});
