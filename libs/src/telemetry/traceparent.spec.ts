import { describe, expect, it } from 'vitest';
import { parseTraceparent } from './traceparent';

describe('traceparent', () => {
  it('refuses anything not exactly well-formed', () => {
    const ok = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    expect(parseTraceparent(ok)).toEqual({
      traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
      spanId: '00f067aa0ba902b7',
      sampled: true,
    });
    expect(parseTraceparent(`${ok.slice(0, -2)}00`)?.sampled).toBe(false);
    for (const bad of [
      undefined,
      [ok, ok],
      ok.toUpperCase(),
      `${ok} `,
      `01${ok.slice(2)}`,
      '00-00000000000000000000000000000000-00f067aa0ba902b7-01',
      '00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01',
      '00-4bf92f3577b34da6a3ce929d0e0e473-00f067aa0ba902b7-01',
      '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-extra',
      '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-zz',
    ])
      expect(parseTraceparent(bad), String(bad)).toBeUndefined();
  });
});
