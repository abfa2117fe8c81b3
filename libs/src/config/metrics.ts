/**
 * Where the api and the worker serve their Prometheus metrics: a port of
 * their own, never the public api's, on loopback unless a deployment binds it elsewhere (a private
 * interface its Prometheus scrapes). 'off' serves none: a process not given a port (a second replica on
 * the same host, the tests' own processes) never collides with another one's.
 */
import type { Setting, Spec } from './setting';

export type MetricsPort = number | 'off';

/** 'off' or a port number (1-65535). */
export const metricsPort = (describe: string, def = 'off'): Setting<MetricsPort> => ({
  describe,
  default: def,
  parse: (raw) => {
    const v = raw.trim();
    if (v === 'off') return 'off';
    const n = Number(v);
    if (!Number.isInteger(n) || n < 1 || n > 65535) throw new Error(`must be 'off' or a port number, got '${raw}'`);
    return n;
  },
});

/** A host name or an IP address to bind (127.0.0.1, ::1, 10.0.3.4, 0.0.0.0 …), never a URL. */
export const bindHost = (describe: string, def: string): Setting<string> => ({
  describe,
  default: def,
  parse: (raw) => {
    const v = raw.trim();
    if (!/^[A-Za-z0-9.-]+$/.test(v) && !/^[0-9A-Fa-f:]+$/.test(v))
      throw new Error(`must be a host name or an IP address to listen on, got '${raw}'`);
    return v;
  },
});

/** The address a metrics endpoint binds, as prom-client's server and the Temporal SDK's exporter take it. */
export const metricsBindAddress = (host: string, port: number) =>
  host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;

/**
 * Metrics settings that do not hold together: the api's metrics on its public port (applicants could read
 * them, and the second server would not start), and the worker's two endpoints on one port.
 */
export function metricsProblems(spec: Spec, source: Readonly<Record<string, string | undefined>>): string[] {
  const value = (name: string) => (name in spec ? (source[name] ?? spec[name]!.default ?? '').trim() : undefined);
  const problems: string[] = [];
  const metrics = value('METRICS_PORT');
  if (metrics === undefined || metrics === 'off') return problems;
  const api = value('API_PORT');
  if (api !== undefined && Number(api) === Number(metrics))
    problems.push('METRICS_PORT is API_PORT: metrics have a port of their own, never the public api port');
  return problems;
}
