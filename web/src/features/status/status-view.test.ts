import { describe, expect, it } from 'vitest';
import { JOURNEY_STAGES } from '@portal/libs';
import { statusView } from './status-view';

describe('the status view', () => {
  it('marks the stages of the libs table done, current (with its step) and to do', () => {
    const v = statusView({
      source: 'live',
      stage: 'BUSINESS',
      step: 3,
      waiting: [{ on: 'applicant', since: '2026-11-20T10:00:00.000Z' }],
    });
    expect(v.steps.map((s) => s.stage)).toEqual(JOURNEY_STAGES.map((s) => s.name));
    expect(v.steps).toEqual([
      { stage: 'PERSONAL', state: 'done' },
      { stage: 'FINANCIAL', state: 'done' },
      { stage: 'BUSINESS', state: 'current', step: 3, steps: 3 },
      { stage: 'SIGNATURE', state: 'upcoming' },
      { stage: 'DOCUMENTS', state: 'upcoming' },
    ]);
    expect(v.waiting).toEqual([{ key: 'status.waiting.applicant', since: '2026-11-20T10:00:00.000Z' }]);
    expect(v.applicantTurn).toBe(true);
    expect(v.saved).toBe(false);
  });

  it('names whose move it is: the owners’ signatures, the funding team’s records and documents', () => {
    const v = statusView({
      source: 'live',
      stage: 'SIGNATURE',
      step: 1,
      waiting: [{ on: 'signature' }, { on: 'funding-team', work: 'documents' }],
      signatures: [
        { order: 1, signed: true },
        { order: 2, signed: false },
      ],
      businessName: 'Acme',
    });
    expect(v.waiting.map((w) => w.key)).toEqual(['status.waiting.signature', 'status.waiting.documents']);
    expect(v.signatures).toHaveLength(2);
    expect(v.applicantTurn).toBe(false);
    expect(
      statusView({ source: 'live', stage: 'FINANCIAL', step: 1, waiting: [{ on: 'funding-team', work: 'records' }] })
        .waiting[0]!.key,
    ).toBe('status.waiting.records');
  });

  it('after submission every stage is done and the funding team reviews; a closed one waits on nobody', () => {
    const v = statusView({
      source: 'saved',
      stage: 'DOCUMENTS',
      step: 3,
      ended: 'submitted',
      waiting: [{ on: 'funding-team', work: 'review' }],
    });
    expect(v.steps.every((s) => s.state === 'done')).toBe(true);
    expect(v).toMatchObject({ endedKey: 'status.ended.submitted', saved: true, applicantTurn: false });
    expect(v.waiting).toEqual([{ key: 'status.waiting.review' }]);
    const closed = statusView({
      source: 'live',
      stage: 'FINANCIAL',
      step: 1,
      ended: 'closed',
      waiting: [{ on: 'nobody' }],
    });
    expect(closed).toMatchObject({ endedKey: 'status.ended.closed', waiting: [{ key: 'status.waiting.nobody' }] });
  });
});
