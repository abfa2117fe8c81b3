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
    // One owner's signature is missing: the singular.
    expect(v.waiting.map((w) => w.key)).toEqual(['status.waiting.signatureOne', 'status.waiting.documents']);
    expect(v.signatures).toHaveLength(2);
    expect(v.applicantTurn).toBe(false);
    expect(
      statusView({ source: 'live', stage: 'FINANCIAL', step: 1, waiting: [{ on: 'funding-team', work: 'records' }] })
        .waiting[0]!.key,
    ).toBe('status.waiting.records');
  });

  it('the applicant’s own signature waiting is their turn: the way back to sign, never for a co-owner', () => {
    const open = {
      source: 'live' as const,
      stage: 'SIGNATURE' as const,
      step: 1,
      signingOpen: true,
      waiting: [{ on: 'signature' as const }],
      signatures: [
        { order: 1, signed: false },
        { order: 2, signed: false },
      ],
    };
    expect(statusView(open).applicantTurn).toBe(true);
    // Read by the co-owner through their link: not theirs to continue.
    expect(statusView(open, { you: 2 }).applicantTurn).toBe(false);
    // Once the applicant has signed, the co-owner's signature is what waits.
    const signed = {
      ...open,
      signatures: [
        { order: 1, signed: true },
        { order: 2, signed: false },
      ],
    };
    expect(statusView(signed).applicantTurn).toBe(false);
    // A request no longer open (declined, voided): nothing to sign there.
    expect(statusView({ ...open, signingOpen: undefined }).applicantTurn).toBe(false);
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

  it('names the one owner whose signature is missing, in the singular', () => {
    const named = statusView({
      source: 'live',
      stage: 'SIGNATURE',
      step: 1,
      waiting: [{ on: 'signature' }],
      signingOpen: true,
      signatures: [
        { order: 1, signed: true, name: 'Dorothy Vaughan' },
        { order: 2, signed: false, name: 'Mary Jackson' },
      ],
    });
    expect(named.waiting).toEqual([{ key: 'status.waiting.signatureOf', name: 'Mary Jackson' }]);
    expect(named.coOwnerToSign).toEqual({ order: 2, signed: false, name: 'Mary Jackson' });
    expect(named.firstSigned).toBe(true);
    const unnamed = statusView({
      source: 'live',
      stage: 'SIGNATURE',
      step: 1,
      waiting: [{ on: 'signature' }],
      signatures: [
        { order: 1, signed: false },
        { order: 2, signed: true },
      ],
    });
    expect(unnamed.waiting[0]!.key).toBe('status.waiting.signatureOne');
    // No open request: nothing to resend, nobody to sign on this device.
    expect(unnamed.coOwnerToSign).toBeUndefined();
  });

  it('never tells a co-owner it is their turn when it is the applicant’s', () => {
    const at = { source: 'live', stage: 'SIGNATURE', step: 1, signingOpen: true } as const;
    const applicantFirst = statusView(
      {
        ...at,
        waiting: [{ on: 'signature' }],
        signatures: [
          { order: 1, signed: false },
          { order: 2, signed: false },
        ],
      },
      { you: 2 },
    );
    expect(applicantFirst.waiting[0]!.key).toBe('status.waiting.applicantSignsFirst');
    expect(applicantFirst.signatures[1]).toMatchObject({ order: 2, you: true });
    expect(applicantFirst.applicantTurn).toBe(false);
    const theirs = statusView(
      {
        ...at,
        waiting: [{ on: 'signature' }],
        signatures: [
          { order: 1, signed: true },
          { order: 2, signed: false },
        ],
      },
      { you: 2 },
    );
    expect(theirs.waiting[0]!.key).toBe('status.waiting.yourSignature');
    // Both signed, the applicant's next step: never 'waiting on you' for the co-owner.
    const after = statusView(
      {
        source: 'live',
        stage: 'DOCUMENTS',
        step: 1,
        waiting: [{ on: 'applicant' }],
        signatures: [
          { order: 1, signed: true },
          { order: 2, signed: true },
        ],
      },
      { you: 2 },
    );
    expect(after.waiting.map((w) => w.key)).toEqual(['status.waiting.applicantMove']);
    expect(after.applicantTurn).toBe(false);
    expect(after.waiting.map((w) => w.key)).not.toContain('status.waiting.applicant');
  });
});
