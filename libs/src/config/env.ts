/**
 * Typed, validated settings from environment variables. Pure: the caller passes the source
 * (process.env), so the api, the worker and the stack launcher share one definition.
 */
import { connectionProblems } from './connections';
import { metricsProblems } from './metrics';
import { secretProblems } from './secrets';
import type { SecretRule, Setting, Spec } from './setting';

export type { Setting, Spec } from './setting';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  ${problems.join('\n  ')}`);
    this.name = 'ConfigError';
  }
}

const fail = (reason: string): never => {
  throw new Error(reason);
};

export const str = (describe: string, def?: string): Setting<string> => ({
  describe,
  default: def,
  parse: (raw) => (raw.trim() === '' ? fail('must not be empty') : raw),
});

export const port = (describe: string, def?: string): Setting<number> => ({
  describe,
  default: def,
  parse: (raw) => {
    const n = Number(raw);
    return Number.isInteger(n) && n >= 0 && n <= 65535 ? n : fail(`must be a port number (0-65535), got '${raw}'`);
  },
});

export const int = (describe: string, def?: string): Setting<number> => ({
  describe,
  default: def,
  parse: (raw) => (/^\d+$/.test(raw) ? Number(raw) : fail(`must be a whole number, got '${raw}'`)),
});

const UNIT_MS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** A duration as a whole number and a unit (90s, 15m, 24h, 30d), read as milliseconds. */
export const duration = (describe: string, def?: string): Setting<number> => ({
  describe,
  default: def,
  parse: (raw) => {
    const m = /^(\d+)(s|m|h|d)$/.exec(raw.trim());
    return m && Number(m[1]) > 0
      ? Number(m[1]) * UNIT_MS[m[2] as keyof typeof UNIT_MS]
      : fail(`must be a duration such as 90s, 15m, 24h or 30d, got '${raw}'`);
  },
});

export const url = (describe: string, def?: string, schemes = ['http:', 'https:']): Setting<string> => ({
  describe,
  default: def,
  parse: (raw) => {
    let u: URL;
    try {
      u = new URL(raw);
    } catch {
      return fail(`must be a URL, got '${raw}'`);
    }
    return schemes.includes(u.protocol) ? raw.replace(/\/$/, '') : fail(`must use ${schemes.join(' or ')}`);
  },
});

export const hostPort = (describe: string, def?: string): Setting<string> => ({
  describe,
  default: def,
  parse: (raw) => (/^[A-Za-z0-9.-]+:\d{1,5}$/.test(raw) ? raw : fail(`must be host:port, got '${raw}'`)),
});

export const oneOf = <T extends string>(values: readonly T[], describe: string, def?: T): Setting<T> => ({
  describe,
  default: def,
  parse: (raw) =>
    (values as readonly string[]).includes(raw) ? (raw as T) : fail(`must be one of ${values.join(', ')}`),
});

/** A base64 key of exactly n bytes. */
export const key = (bytes: number, describe: string, def?: string): Setting<string> => ({
  describe,
  default: def,
  secret: { minBytes: bytes, base64: true, how: `openssl rand -base64 ${bytes}` },
  parse: (raw) => {
    const clean = raw.trim();
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(clean) || clean.length !== Math.ceil(bytes / 3) * 4)
      return fail(`must be ${bytes} bytes in base64`);
    return clean;
  },
});

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
const IPV4_CIDR = /^(?:\d{1,3}\.){3}\d{1,3}(?:\/\d{1,2})?$/;
const IPV6_CIDR = /^[0-9A-Fa-f:]+(?:\/\d{1,3})?$/;

/**
 * Addresses whose X-Forwarded-For is believed, as Express's `trust proxy` takes them: IPs, CIDRs or
 * loopback / linklocal / uniquelocal, comma-separated; 'none' trusts no one.
 */
export const proxies = (describe: string, def?: string): Setting<string[]> => ({
  describe,
  default: def,
  parse: (raw) => {
    if (raw.trim() === 'none') return [];
    const items = raw
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const bad = items.find(
      (i) => !PROXY_NAMES.includes(i) && !IPV4_CIDR.test(i) && !(i.includes(':') && IPV6_CIDR.test(i)),
    );
    if (bad !== undefined || items.length === 0)
      return fail(`must be 'none' or IPs, CIDRs or ${PROXY_NAMES.join('/')}, got '${bad ?? raw}'`);
    return items;
  },
});

/** A credential issued elsewhere (a client secret, a signing key from a console), kept as given. */
export const secret = (describe: string, def: string | undefined, rule: SecretRule): Setting<string> => ({
  ...str(describe, def),
  secret: rule,
});

export type Loaded<S extends Spec> = { [K in keyof S]: S[K] extends Setting<infer T> ? T : never };

export function loadEnv<S extends Spec>(spec: S, source: Readonly<Record<string, string | undefined>>): Loaded<S> {
  const out: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [name, setting] of Object.entries(spec)) {
    const raw = source[name] ?? setting.default;
    if (raw === undefined) {
      problems.push(`${name} is missing (${setting.describe})`);
      continue;
    }
    try {
      out[name] = setting.parse(raw);
    } catch (e) {
      problems.push(`${name} ${(e as Error).message} (${setting.describe})`);
    }
  }
  // Outside local development, the published development secrets (and short keys) are refused too.
  problems.push(...secretProblems(spec, source));
  // Mail without TLS or a login, and a plaintext Temporal, are refused there too (connections.ts).
  problems.push(...connectionProblems(spec, source));
  // Metrics never on the public api port (metrics.ts).
  problems.push(...metricsProblems(spec, source));
  if (problems.length) throw new ConfigError(problems);
  return out as Loaded<S>;
}

/**
 * Settings read at a process's start (the api, the worker): a missing or bad value (a ConfigError, from
 * `read` or `check`) goes to `stop` with every name and reason; any other error is thrown. Pure: the caller
 * says how a process stops (print the message, exit 1).
 */
export function configuredOr<T>(read: () => T, stop: (message: string) => never, check?: (settings: T) => unknown): T {
  try {
    const settings = read();
    check?.(settings);
    return settings;
  } catch (e) {
    if (e instanceof ConfigError) return stop(e.message);
    throw e;
  }
}
