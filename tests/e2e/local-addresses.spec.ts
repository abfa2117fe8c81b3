// On the local stack every browser reaches the api through the local web server. Each browser's
// own address must count against the api's limits (here forgot-password's 20 per address in 15 minutes,
// the same per-address count as sign-up's, without making accounts), and a forged X-Forwarded-For must
// count for nothing.
import { expect, test } from '@playwright/test';
import { Agent, fetch } from 'undici';

const base = () => process.env.E2E_BASE_URL!;
let n = 0;
/** A forgot-password request through the web server from `from` (a loopback source address). */
async function ask(from: string, headers: Record<string, string> = {}) {
  const dispatcher = new Agent({ localAddress: from });
  const health = await fetch(`${base()}/api/health`, { dispatcher });
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(health.headers.getSetCookie().join(';'))?.[1] ?? '';
  const res = await fetch(`${base()}/api/auth/forgot-password`, {
    method: 'POST',
    dispatcher,
    headers: {
      'content-type': 'application/json',
      cookie: `XSRF-TOKEN=${xsrf}`,
      'x-xsrf-token': decodeURIComponent(xsrf),
      ...headers,
    },
    body: JSON.stringify({ username: `nobody-local-${Date.now()}-${++n}@example.com` }),
  });
  await dispatcher.close();
  return res.status;
}

const address = (i: number) => `127.${20 + (Date.now() % 200)}.${Math.floor(i / 250)}.${1 + (i % 250)}`;

test('21 browsers on 21 addresses are each answered; one address forging X-Forwarded-For is refused after 20', async () => {
  test.setTimeout(240_000);
  const statuses: number[] = [];
  for (let i = 0; i < 21; i++) statuses.push(await ask(address(i)));
  expect(statuses).toEqual(Array(21).fill(200));

  const one = address(100);
  const forged: number[] = [];
  for (let i = 0; i < 21; i++) forged.push(await ask(one, { 'x-forwarded-for': `203.0.113.${i + 1}` }));
  expect(forged.slice(0, 20)).toEqual(Array(20).fill(200));
  expect(forged[20]).toBe(429);
});
