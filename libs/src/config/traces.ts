import { url, type Setting } from './env';

/**
 * TRACES_URL: an OTLP/HTTP traces endpoint (an OpenTelemetry Collector's http://host:4318/v1/traces, or a
 * vendor's), or 'none' (the default): no tracing, no SDK loaded. Zipkin's /api/v2/spans is refused by name: the
 * spans go out as OTLP protobuf, which Zipkin would answer with an error for every batch, unseen.
 */
export const ZIPKIN_TRACES_URL_REFUSED =
  "is Zipkin's /api/v2/spans: spans are sent with OTLP now; set an OTLP/HTTP traces endpoint (an OpenTelemetry Collector's http://host:4318/v1/traces, whose zipkin exporter can feed Zipkin)";
export const tracesUrl = (describe: string): Setting<string> => ({
  describe,
  default: 'none',
  parse: (raw) => {
    if (raw.trim() === 'none') return 'none';
    const checked = url(describe).parse(raw.trim());
    if (/\/api\/v[12]\/spans\/?$/.test(new URL(checked).pathname)) throw new Error(ZIPKIN_TRACES_URL_REFUSED);
    return checked;
  },
});

/** TRACES_SAMPLE_RATIO: a share of traces between 0 and 1. */
export const ratio = (describe: string, def: string): Setting<number> => ({
  describe,
  default: def,
  parse: (raw) => {
    const n = Number(raw.trim());
    if (raw.trim() === '' || !Number.isFinite(n) || n < 0 || n > 1)
      throw new Error(`must be a number from 0 to 1, got '${raw}'`);
    return n;
  },
});
