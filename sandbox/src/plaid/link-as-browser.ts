// For tests: what a browser does in the stand-in's Link page (the sandbox credentials, the device code when
// the login asks for one, Account Select), without one.
import { SANDBOX_CREDENTIALS } from './state';

type Walk = {
  /** The password typed (pass_good; mfa_device asks for a device code). */
  password?: string;
  /** The device code typed when asked (1234 is right). */
  code?: string;
  /** The accounts ticked in Account Select, by the stand-in's keys ('chk', 'sav'): the checking account by default. */
  accounts?: string[];
};

/** Posts one of Link's forms for `linkToken`; the page it answers. */
export async function postLink(standinUrl: string, linkToken: string, fields: [string, string][]): Promise<string> {
  const page = await fetch(`${standinUrl}/link?token=${encodeURIComponent(linkToken)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });
  return page.text();
}

/** The login id a step's page carries to the next step. */
export const loginIn = (html: string) => html.match(/name="login" value="([0-9a-f-]{36})"/)?.[1];

/** Walks Link's steps for `linkToken` and reads the public token the page hands the app. */
export async function publicTokenFor(standinUrl: string, linkToken: string, walk: Walk = {}): Promise<string> {
  let page = await postLink(standinUrl, linkToken, [
    ['username', SANDBOX_CREDENTIALS.username],
    ['password', walk.password ?? SANDBOX_CREDENTIALS.password],
  ]);
  if (page.includes('name="code"'))
    page = await postLink(standinUrl, linkToken, [
      ['login', loginIn(page) ?? ''],
      ['code', walk.code ?? '1234'],
    ]);
  if (page.includes('name="account"'))
    page = await postLink(standinUrl, linkToken, [
      ['login', loginIn(page) ?? ''],
      ...(walk.accounts ?? ['chk']).map((a): [string, string] => ['account', a]),
    ]);
  const token = page.match(/public-sandbox-[0-9a-f-]{36}/)?.[0];
  if (!token) throw new Error(`the Link page gave no public token: ${page.slice(0, 300)}`);
  return token;
}
