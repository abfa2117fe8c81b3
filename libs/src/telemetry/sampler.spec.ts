import { ROOT_CONTEXT, SpanKind, TraceFlags, trace, type Context } from '@opentelemetry/api';
import { SamplingDecision } from '@opentelemetry/sdk-trace-base';
import { describe, expect, it } from 'vitest';
import { RandomRatioSampler, traceSampler } from './tracing';

// A trace id a client may pick: its low bits put it under any ratio's threshold.
const CHOSEN_ID = '00000000000000000000000000000001';
const remote = (flags: TraceFlags): Context =>
  trace.setSpanContext(ROOT_CONTEXT, {
    traceId: CHOSEN_ID,
    spanId: '0000000000000001',
    traceFlags: flags,
    isRemote: true,
  });
const decide = (sampler: ReturnType<typeof traceSampler>, ctx: Context, traceId = CHOSEN_ID) =>
  sampler.shouldSample(ctx, traceId, 'POST /api/auth/register', SpanKind.SERVER, {}, []).decision;
const kept = (sampler: ReturnType<typeof traceSampler>, ctx: Context, n = 2000) =>
  Array.from({ length: n }, () => decide(sampler, ctx)).filter((d) => d === SamplingDecision.RECORD_AND_SAMPLED)
    .length / n;

describe('the trace sampler (TRACES_SAMPLE_RATIO)', () => {
  it('keeps none and all of the traces started here at 0 and 1', () => {
    expect(decide(traceSampler(0, 'draw'), ROOT_CONTEXT)).toBe(SamplingDecision.NOT_RECORD);
    expect(decide(traceSampler(1, 'draw'), ROOT_CONTEXT)).toBe(SamplingDecision.RECORD_AND_SAMPLED);
  });

  it("at the api, a browser's sampled traceparent with a chosen trace id is kept at the ratio, not always", () => {
    expect(decide(traceSampler(0, 'draw'), remote(TraceFlags.SAMPLED))).toBe(SamplingDecision.NOT_RECORD);
    const share = kept(traceSampler(0.1, 'draw'), remote(TraceFlags.SAMPLED));
    expect(share).toBeGreaterThan(0.05);
    expect(share).toBeLessThan(0.15);
  });

  it("at the worker, the api's decision carried in the headers is followed", () => {
    expect(decide(traceSampler(0, 'follow'), remote(TraceFlags.SAMPLED))).toBe(SamplingDecision.RECORD_AND_SAMPLED);
    expect(decide(traceSampler(1, 'follow'), remote(TraceFlags.NONE))).toBe(SamplingDecision.NOT_RECORD);
  });

  it('draws at random, whatever it is asked about', () => {
    expect(new RandomRatioSampler(0.5, () => 0.49).shouldSample().decision).toBe(SamplingDecision.RECORD_AND_SAMPLED);
    expect(new RandomRatioSampler(0.5, () => 0.5).shouldSample().decision).toBe(SamplingDecision.NOT_RECORD);
  });
});
