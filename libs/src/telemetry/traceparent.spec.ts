import { describe, expect, it } from 'vitest';
import { newTraceparent, parseTraceparent } from './traceparent';

describe('traceparent', () => {
  it('makes a sampled version-00 header the parser reads back', () => {
    const header = newTraceparent((b) => crypto.getRandomValues(b));
    expect(header).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    expect(parseTraceparent(header)).toEqual({
      traceId: header.slice(3, 35),
      spanId: header.slice(36, 52),
      sampled: true,
    });
  });

  it('never makes an all-zero id', () => {
    let calls = 0;
    const header = newTraceparent((b) => (calls++ < 2 ? b : b.fill(7)));
    expect(parseTraceparent(header)).toBeDefined();
  });

  it('refuses anything not exactly well-formed', () => {
    const ok = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    expect(parseTraceparent(ok)?.traceId).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
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
