import { describe, expect, it } from 'vitest';
import { ConfigError, loadEnv } from './env';
import { API_SETTINGS, WORKER_SETTINGS, ZIPKIN_TRACES_URL_REFUSED } from './settings';

// The apps export OTLP/HTTP: a TRACES_URL still pointing at Zipkin's spans endpoint would lose every batch to
// Zipkin's error answers, unseen. Both apps refuse it at start, saying what to set instead.
describe('TRACES_URL', () => {
  for (const [app, settings] of [
    ['api', API_SETTINGS],
    ['worker', WORKER_SETTINGS],
  ] as const) {
    it(`${app}: takes an OTLP/HTTP traces endpoint, or none`, () => {
      expect(loadEnv(settings, {}).TRACES_URL).toBe('none');
      expect(loadEnv(settings, { TRACES_URL: 'none' }).TRACES_URL).toBe('none');
      expect(loadEnv(settings, { TRACES_URL: 'http://otel-collector:4318/v1/traces' }).TRACES_URL).toBe(
        'http://otel-collector:4318/v1/traces',
      );
      expect(loadEnv(settings, { TRACES_URL: 'https://otlp.example.com/v1/traces' }).TRACES_URL).toBe(
        'https://otlp.example.com/v1/traces',
      );
    });

    it(`${app}: refuses Zipkin's /api/v2/spans, saying what to set instead`, () => {
      for (const zipkin of ['http://127.0.0.1:9411/api/v2/spans', 'http://zipkin:9411/api/v2/spans/']) {
        const load = () => loadEnv(settings, { TRACES_URL: zipkin });
        expect(load).toThrow(ConfigError);
        expect(load).toThrow(ZIPKIN_TRACES_URL_REFUSED);
      }
      expect(() => loadEnv(settings, { TRACES_URL: 'otel-collector:4318' })).toThrow(ConfigError);
    });
  }
});
