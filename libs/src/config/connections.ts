/**
 * How the api and the worker reach the mail service and Temporal: nodemailer's transport options and the
 * Temporal connection's TLS / API key, from the settings, and the rules a deployment must keep (TLS and
 * a login for mail, TLS or an API key for Temporal), so production never runs on local-only settings. Pure: files (a
 * CA, a client certificate) are read through the caller's `read`.
 */
import { isLoopbackUrl, outsideLocalDevelopment } from './secrets';
import type { Spec } from './setting';

export type SmtpSettings = {
  SMTP_HOST: string;
  SMTP_PORT: number;
  SMTP_TLS: 'none' | 'starttls' | 'implicit';
  SMTP_USER: string;
  SMTP_PASSWORD: string;
  SMTP_CA_FILE: string;
};

export type TemporalSettings = {
  TEMPORAL_ADDRESS: string;
  TEMPORAL_NAMESPACE: string;
  TEMPORAL_TLS: 'off' | 'on';
  TEMPORAL_TLS_CA_FILE: string;
  TEMPORAL_TLS_CERT_FILE: string;
  TEMPORAL_TLS_KEY_FILE: string;
  TEMPORAL_TLS_SERVER_NAME: string;
  TEMPORAL_API_KEY: string;
};

/** Reads a file's bytes (fs.readFileSync): the api and the worker pass it. */
export type ReadFile<B> = (path: string) => B;

const given = (v: string) => v.trim() !== 'none';

/**
 * nodemailer's SMTP options: required STARTTLS (requireTLS: a server that does not offer it is refused, so
 * the login never goes in the clear) or implicit TLS (port 465), the certificate checked against the
 * system's CAs or SMTP_CA_FILE, and a login when SMTP_USER is set. 'none' is for maildev only.
 */
export function smtpTransportOptions<B>(s: SmtpSettings, read: ReadFile<B>) {
  const tls = s.SMTP_TLS !== 'none';
  return {
    host: s.SMTP_HOST,
    port: s.SMTP_PORT,
    secure: s.SMTP_TLS === 'implicit',
    requireTLS: s.SMTP_TLS === 'starttls',
    // Without TLS asked for, never upgrade on a server's offer either: maildev's plaintext stays predictable.
    ignoreTLS: !tls,
    ...(given(s.SMTP_USER) ? { auth: { user: s.SMTP_USER, pass: s.SMTP_PASSWORD } } : {}),
    tls: {
      rejectUnauthorized: true,
      minVersion: 'TLSv1.2' as const,
      ...(given(s.SMTP_CA_FILE) ? { ca: read(s.SMTP_CA_FILE) } : {}),
    },
  };
}

/**
 * The Temporal connection's options (the api's Connection and the worker's NativeConnection take the same):
 * TLS with a CA and an mTLS client pair when given, and the Temporal Cloud API key (which needs TLS). With
 * the key goes the `temporal-namespace` header: Temporal Cloud routes a key-authenticated call to its
 * namespace by that header (an mTLS client is known by its certificate instead).
 */
export function temporalConnectionOptions<B>(s: TemporalSettings, read: ReadFile<B>) {
  const apiKey = given(s.TEMPORAL_API_KEY)
    ? { apiKey: s.TEMPORAL_API_KEY, metadata: { 'temporal-namespace': s.TEMPORAL_NAMESPACE } }
    : {};
  if (s.TEMPORAL_TLS === 'off') return { address: s.TEMPORAL_ADDRESS, tls: false as const, ...apiKey };
  return {
    address: s.TEMPORAL_ADDRESS,
    tls: {
      ...(given(s.TEMPORAL_TLS_SERVER_NAME) ? { serverNameOverride: s.TEMPORAL_TLS_SERVER_NAME } : {}),
      ...(given(s.TEMPORAL_TLS_CA_FILE) ? { serverRootCACertificate: read(s.TEMPORAL_TLS_CA_FILE) } : {}),
      ...(given(s.TEMPORAL_TLS_CERT_FILE)
        ? { clientCertPair: { crt: read(s.TEMPORAL_TLS_CERT_FILE), key: read(s.TEMPORAL_TLS_KEY_FILE) } }
        : {}),
    },
    ...apiKey,
  };
}

const LOOPBACK_HOST = (host: string) => isLoopbackUrl(`smtp://${host.includes(':') ? `[${host}]` : host}`);

/**
 * The mail and Temporal settings that do not hold together (anywhere), and, outside local development, the
 * ones a deployment must not run on: mail without TLS, or without a login to a host off loopback, the
 * development sender, and a plaintext Temporal address unless TEMPORAL_PRIVATE_NETWORK says it is private.
 * Only the settings `spec` has are judged.
 */
export function connectionProblems(spec: Spec, source: Readonly<Record<string, string | undefined>>): string[] {
  const value = (name: string) => (name in spec ? (source[name] ?? spec[name]!.default ?? '').trim() : undefined);
  const problems: string[] = [];
  const where = outsideLocalDevelopment(spec, source);

  if (value('SMTP_TLS') !== undefined) {
    const user = given(value('SMTP_USER')!);
    const password = given(value('SMTP_PASSWORD')!);
    if (user && !password) problems.push('SMTP_PASSWORD is missing (required with SMTP_USER)');
    if (!user && password) problems.push('SMTP_USER is missing (SMTP_PASSWORD is set)');
    if (where) {
      if (value('SMTP_TLS') === 'none')
        problems.push(`SMTP_TLS is none (${where}): set starttls or implicit, mail services require TLS`);
      if (!user && !LOOPBACK_HOST(value('SMTP_HOST')!))
        problems.push(`SMTP_USER is missing (${where}): a mail service off this host requires a login`);
      if (source.MAIL_FROM === undefined)
        problems.push(`MAIL_FROM is missing (${where}): set a sender the mail service has verified`);
    }
  }

  if (value('TEMPORAL_TLS') !== undefined) {
    const tls = value('TEMPORAL_TLS') === 'on';
    const cert = given(value('TEMPORAL_TLS_CERT_FILE')!);
    const keyFile = given(value('TEMPORAL_TLS_KEY_FILE')!);
    if (cert !== keyFile)
      problems.push('TEMPORAL_TLS_CERT_FILE and TEMPORAL_TLS_KEY_FILE go together (an mTLS client pair)');
    if (!tls) {
      for (const name of ['TEMPORAL_TLS_CA_FILE', 'TEMPORAL_TLS_CERT_FILE', 'TEMPORAL_TLS_SERVER_NAME'])
        if (given(value(name)!)) problems.push(`${name} is set but TEMPORAL_TLS is off`);
      if (given(value('TEMPORAL_API_KEY')!))
        problems.push('TEMPORAL_API_KEY needs TEMPORAL_TLS=on (the key must not travel in plaintext)');
      if (where && value('TEMPORAL_PRIVATE_NETWORK') !== 'true')
        problems.push(
          `TEMPORAL_TLS is off (${where}): set TEMPORAL_TLS=on, or TEMPORAL_PRIVATE_NETWORK=true for a private network`,
        );
    }
  }
  problems.push(...plaidEnvironmentProblems(value('PLAID_URL'), value('PLAID_STAGING') === 'on', where));
  const plaidHook = value('PLAID_WEBHOOK_URL');
  if (
    plaidHook !== undefined &&
    plaidHook !== 'none' &&
    where &&
    (isLoopbackUrl(plaidHook) || !plaidHook.startsWith('https://'))
  )
    problems.push(`PLAID_WEBHOOK_URL must be the api's public https address (${where}), or none`);
  const redirect = value('PLAID_REDIRECT_URI');
  if (
    redirect !== undefined &&
    redirect !== 'none' &&
    where &&
    (isLoopbackUrl(redirect) || !redirect.startsWith('https://'))
  )
    problems.push(
      `PLAID_REDIRECT_URI must be the portal's public https address of /bank-statements (${where}), or none`,
    );
  problems.push(...boxWebhookProblems(value('BOX_WEBHOOK_ADDRESS'), where, source.NODE_ENV === 'production'));
  return problems;
}

/**
 * Plaid's environment outside local development: production's (https://production.plaid.com), or, on a
 * hosted staging deployment flagged PLAID_STAGING=on, Plaid's sandbox and nothing else (its items cost
 * nothing; production's would be billed for test applicants). A loopback stand-in is for local stacks only.
 */
function plaidEnvironmentProblems(plaid: string | undefined, staging: boolean, where: string | undefined): string[] {
  if (plaid === undefined || plaid === 'none' || !where) return [];
  const sandbox = /(^|\.)sandbox\.plaid\.com$/i.test(hostOf(plaid));
  if (staging)
    return sandbox && plaid.startsWith('https://')
      ? []
      : [`PLAID_URL ${plaid} is not Plaid's sandbox (PLAID_STAGING is on): set https://sandbox.plaid.com, or none`];
  if (isLoopbackUrl(plaid) || sandbox)
    return [
      `PLAID_URL ${plaid} is a sandbox (${where}): set https://production.plaid.com, or none (a staging deployment on Plaid's sandbox: PLAID_STAGING=on)`,
    ];
  return plaid.startsWith('https://') ? [] : [`PLAID_URL must be https (${where})`];
}

const hostOf = (u: string) => {
  try {
    return new URL(u).hostname;
  } catch {
    return '';
  }
};

/**
 * BOX_WEBHOOK_ADDRESS outside local development: without it the worker registers no webhook, Box never
 * calls the api, and every signature waits for the workflow's 30 s poll. In production it must be what Box
 * delivers to (https on port 443, off this host); a loopback address stays possible for a local stack
 * whose PUBLIC_URL names another host.
 */
function boxWebhookProblems(address: string | undefined, where: string | undefined, production: boolean): string[] {
  if (address === undefined || !where) return [];
  const set = "set the api's public https://<host>/api/webhooks/box";
  if (address === 'none')
    return [`BOX_WEBHOOK_ADDRESS is none (${where}): ${set}, or Box never calls and signing only polls every 30 s`];
  if (!production) return [];
  let u: URL | undefined;
  try {
    u = new URL(address);
  } catch {
    u = undefined;
  }
  if (!u || u.protocol !== 'https:' || (u.port !== '' && u.port !== '443') || isLoopbackUrl(address))
    return [`BOX_WEBHOOK_ADDRESS ${address} is not one Box delivers to (${where}): ${set} (https, port 443)`];
  return [];
}

/**
 * How often a MongoDB client checks each connection pool's minimum size. The driver's own default, 100 ms,
 * was the largest part of an idle api's and an idle worker's own work (a bare client idling on FerretDB:
 * 0.105 CPU-s a minute, 0.011 at this figure). With no minimum pool size (the default here) the check
 * only drops connections a pool error made stale, which a checkout drops anyway.
 */
export const MONGO_POOL_CHECK_MS = 10_000;

/**
 * Sets the pool check's interval on a MongoDB client made and not yet connected (the pools are made by
 * connect() from the client's parsed options). The driver takes it only this way: it is an internal option,
 * refused in the connection string and in the client's options (`api/src/config/database.spec.ts` holds the
 * pools to it, so a driver that renames it fails there).
 */
export function quietPoolChecks<C extends { readonly options: object }>(client: C): C {
  (client.options as Record<string, unknown>).minPoolSizeCheckFrequencyMS = MONGO_POOL_CHECK_MS;
  return client;
}
