import { act, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { CalendlyEmbed } from './calendly-embed';

const URL = 'https://calendly.com/jordan-rivera-funding';
const script = () => document.head.querySelector<HTMLScriptElement>('script[src*="calendly"]');

afterEach(() => {
  script()?.remove();
  delete window.Calendly;
});

it('offers the plain link at once and takes no room while the script cannot load', async () => {
  render(<CalendlyEmbed url={URL} />);
  expect(screen.getByRole('link', { name: "your funding expert's scheduling page" }).getAttribute('href')).toBe(URL);
  expect(screen.getByTestId('calendly-inline').hidden).toBe(true);
  await act(async () => script()!.dispatchEvent(new Event('error')));
  expect(screen.getByRole('link', { name: "your funding expert's scheduling page" })).toBeTruthy();
  expect(screen.getByTestId('calendly-inline').hidden).toBe(true);
});

it('shows the widget when the script arrives, the link staying as a way out', async () => {
  render(<CalendlyEmbed url={URL} />);
  const box = screen.getByTestId('calendly-inline');
  expect(box.hidden).toBe(true);
  window.Calendly = {
    initInlineWidget: ({ url, parentElement }) => {
      const frame = document.createElement('iframe');
      frame.title = 'Calendly';
      frame.src = url;
      parentElement.appendChild(frame);
    },
  };
  await act(async () => script()!.dispatchEvent(new Event('load')));
  expect(box.hidden).toBe(false);
  expect(screen.getByTitle('Calendly').getAttribute('src')).toBe(`${URL}?hide_gdpr_banner=1`);
  expect(screen.getByRole('link', { name: "your funding expert's scheduling page" })).toBeTruthy();
});
