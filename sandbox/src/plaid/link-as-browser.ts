// For tests: what a browser does in the stand-in's Link page with the sandbox credentials, without one.
import { SANDBOX_CREDENTIALS } from './server';

/** Posts the Link form for `linkToken` and reads the public token the page hands the app. */
export async function publicTokenFor(standinUrl: string, linkToken: string): Promise<string> {
  const page = await fetch(`${standinUrl}/link?token=${encodeURIComponent(linkToken)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(SANDBOX_CREDENTIALS),
  });
  const token = (await page.text()).match(/public-sandbox-[0-9a-f-]{36}/)?.[0];
  if (!token) throw new Error(`the Link page gave no public token (${page.status})`);
  return token;
}
