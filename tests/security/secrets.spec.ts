// Known keys in use: production ran on the development SESSION_SECRET, and an access
// token forged with it read another applicant's owners (200). The suite's own api runs as `npm start` runs
// it, in local development where the defaults are allowed; these tests start the built api as production
// runs it (NODE_ENV=production, an https PUBLIC_URL) beside it, on the suite's database.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { API_SETTINGS } from '@portal/libs';
import { ROOT } from '../../stack/stack.ts';
import { freePort } from '../support/free-port.ts';
import { holdFor, until } from '../support/until.ts';
import { endOfFileChecks, mongoUri, signedInApplicant } from './support';

endOfFileChecks(__filename);

const DEV_SESSION_SECRET = API_SETTINGS.SESSION_SECRET.default!;
const ACCESS_COOKIE = 'access_token';
const key = () => randomBytes(32).toString('base64');
/** Every secret and key the api reads, set to values of its own, as a deployment must. */
const realSecrets = () => ({
  SESSION_SECRET: key(),
  PII_KEY: key(),
  PAYLOAD_KEY: key(),
  S3_SECRET_ACCESS_KEY: key(),
  BOX_WEBHOOK_PRIMARY_KEY: key(),
  BOX_WEBHOOK_SECONDARY_KEY: key(),
  OPERATOR_TOKEN: key(),
});

type Started = { child: ChildProcess; output: () => string; exited: Promise<number | null>; url: string };
let started: Started[] = [];
afterEach(() => {
  for (const s of started) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
  started = [];
});

/** The built api (`tsc -b` first) as production runs it: only the environment given, nothing inherited. */
async function productionApi(secrets: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(ROOT, 'api/dist/main.js')], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://apply.fundwise.example',
      API_HOST: '127.0.0.1',
      API_PORT: String(port),
      MONGODB_URI: mongoUri(),
      // Connected lazily; nothing here needs a workflow.
      TEMPORAL_ADDRESS: `127.0.0.1:${await freePort()}`,
      TEMPORAL_PRIVATE_NETWORK: 'true',
      // Production mail: TLS, a login and a sender of its own, as a real mail service asks (nothing is sent here).
      SMTP_TLS: 'starttls',
      SMTP_USER: 'portal',
      SMTP_PASSWORD: 'smtp-password',
      MAIL_FROM: 'Fundwise <no-reply@fundwise.example>',
      // No bank connection in this deployment: its sandbox URL and development secret are refused.
      PLAID_URL: 'none',
      ...secrets,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const s = { child, output: () => output, exited, url: `http://127.0.0.1:${port}/api` };
  started.push(s);
  return s;
}

/** True once the api answers, false if it exits first. */
async function answers(api: Started): Promise<boolean> {
  let gone = false;
  void api.exited.then(() => (gone = true));
  for (const end = Date.now() + 45_000; Date.now() < end; await holdFor(250, 'the poll cadence')) {
    if (gone) return false;
    if (
      await fetch(`${api.url}/health`).then(
        () => true,
        () => false,
      )
    )
      return true;
  }
  throw new Error(`the production api neither started nor exited:\n${api.output()}`);
}

const sign = (payload: string, secret: string) =>
  `${payload}.${createHmac('sha256', Buffer.from(secret, 'base64')).update(payload).digest('base64url')}`;

describe('known keys in use', () => {
  it('the api refuses to start in production on the development SESSION_SECRET, naming it', async () => {
    const { SESSION_SECRET: _, ...allButSession } = realSecrets();
    const api = await productionApi(allButSession);
    const ended = await until(
      () => ({ code: api.child.exitCode, signal: api.child.signalCode }),
      (e) => e.code !== null || e.signal !== null,
      { ms: 30_000, what: 'the api to exit on the development SESSION_SECRET' },
    ).catch((e: Error) => {
      throw new Error(`${e.message}:\n${api.output()}`);
    });
    expect(ended.code).not.toBe(0);
    expect(api.output()).toContain('SESSION_SECRET is a development default');
    // Only the one default is named: the message points at what to fix.
    expect(api.output()).not.toMatch(/(PII_KEY|PAYLOAD_KEY|BOX_WEBHOOK_\w+|S3_SECRET_ACCESS_KEY) is/);
  });

  it("an access token forged with the development secret does not read another applicant's owners", async () => {
    const victim = await signedInApplicant('sec-forged-token');
    const issued = victim.client.cookies.get(ACCESS_COOKIE)!;
    const claims = issued.split('.')[0]!;
    // The suite's api runs on the development secret, so the forgery is exact: the same token it issued.
    expect(sign(claims, DEV_SESSION_SECRET)).toBe(issued);

    const owners = (api: Started, token: string) =>
      fetch(`${api.url}/owner/application/${victim.applicationId}`, {
        headers: { cookie: `${ACCESS_COOKIE}=${token}` },
      });
    const forged = sign(claims, DEV_SESSION_SECRET);

    // Given the development SESSION_SECRET, production must not honour the forgery: it does not start.
    const { SESSION_SECRET: _, ...allButSession } = realSecrets();
    const onDefault = await productionApi(allButSession);
    if (await answers(onDefault)) expect((await owners(onDefault, forged)).status).toBe(403);
    else expect(await onDefault.exited).not.toBe(0);

    // Given its own, it refuses the forgery and accepts the same claims signed with that secret (so the
    // refusal is the key's doing, not a missing user).
    const secrets = realSecrets();
    const onOwn = await productionApi(secrets);
    expect(await answers(onOwn), onOwn.output()).toBe(true);
    expect((await owners(onOwn, forged)).status).toBe(403);
    expect((await owners(onOwn, sign(claims, secrets.SESSION_SECRET))).status).toBe(200);
  });
});
