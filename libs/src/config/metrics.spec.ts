import { describe, expect, it } from 'vitest';
import { ConfigError, loadEnv } from './env';
import { API_SETTINGS, WORKER_SETTINGS } from './settings';

const problemsOf = (read: () => unknown) => {
  try {
    read();
    return [];
  } catch (e) {
    return e instanceof ConfigError ? e.problems : [String(e)];
  }
};

describe('metrics settings', () => {
  it('serve none by default, on loopback when given a port', () => {
    const api = loadEnv(API_SETTINGS, {});
    expect([api.METRICS_HOST, api.METRICS_PORT]).toEqual(['127.0.0.1', 'off']);
    expect(loadEnv(WORKER_SETTINGS, { METRICS_PORT: '9465' }).METRICS_PORT).toBe(9465);
  });

  it("refuse the api's public port, a URL for a host and a port that is not one", () => {
    expect(problemsOf(() => loadEnv(API_SETTINGS, { API_PORT: '3000', METRICS_PORT: '3000' }))).toEqual([
      'METRICS_PORT is API_PORT: metrics have a port of their own, never the public api port',
    ]);
    expect(problemsOf(() => loadEnv(API_SETTINGS, { METRICS_HOST: 'http://0.0.0.0' }))[0]).toMatch(/^METRICS_HOST/);
    expect(problemsOf(() => loadEnv(WORKER_SETTINGS, { METRICS_PORT: '70000' }))[0]).toMatch(/^METRICS_PORT/);
  });
});
