import { expect, it, vi } from 'vitest';
import { listenForNavigateMessages } from './navigate-message';

it('obeys {type:"navigate"} only from an allowed origin, and only to a path of this app', () => {
  const go = vi.fn();
  const stop = listenForNavigateMessages(go, ['https://sign.example.com']);
  const post = (origin: string, data: unknown) => window.dispatchEvent(new MessageEvent('message', { origin, data }));
  post('https://evil.example.com', { type: 'navigate', path: '/offers' });
  post('https://sign.example.com', { type: 'other', path: '/offers' });
  post('https://sign.example.com', { type: 'navigate', path: '//evil.example.com' });
  post('https://sign.example.com', { type: 'navigate', path: '/bank-statements' });
  stop();
  post('https://sign.example.com', { type: 'navigate', path: '/offers' });
  expect(go.mock.calls).toEqual([['/bank-statements']]);
});
