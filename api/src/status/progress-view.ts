import type { ApplicantStatus, StageName } from '@portal/libs';
import { SIGN_ENDED_STATUSES, isApplicationEnd, type ProgressAnswer } from '@portal/workflows';

/**
 * Whether the application has ended (submitted, withdrawn or abandoned): the workflow's run ends with it, and
 * nothing is open to sign any more.
 */
export const hasEnded = (p: ProgressAnswer): boolean => isApplicationEnd(p.operations.status);

/**
 * The workflow's getProgress answer in the applicant's words. Operators' codes (lastError), lead and
 * opportunity ids, signers' addresses and reminder counts stay behind: only the stage, whose turn it is,
 * since when, the owners' signatures by their place in the order, and the rep once known.
 */
export function liveStatus(p: ProgressAnswer): ApplicantStatus {
  const { status, turn, stalledSince: since } = p.operations;
  const signers = p.signing?.request.signers ?? [];
  const signatures = p.signing
    ? [...signers]
        .sort((a, b) => a.order - b.order)
        .map((s) => ({ order: s.order, signed: p.signing!.signed || s.decision === 'signed' }))
    : undefined;
  const open =
    !!p.signing && !p.signing.signed && !SIGN_ENDED_STATUSES.includes(p.signing.request.status) && !hasEnded(p);
  const base = {
    source: 'live' as const,
    stage: p.position.pageName,
    step: p.position.pageStep,
    ...(signatures ? { signatures } : {}),
    ...(open ? { signingOpen: true } : {}),
  };
  if (status === 'Submitted' || p.rep)
    return {
      ...base,
      ended: 'submitted',
      waiting: [{ on: 'funding-team', work: 'review', ...(since ? { since } : {}) }],
      ...(p.rep ? { rep: { name: p.rep.repName, schedulingLink: p.rep.schedulingLink || undefined } } : {}),
    };
  if (status === 'Withdrawn' || status === 'Abandoned')
    return { ...base, ended: status === 'Withdrawn' ? 'withdrawn' : 'closed', waiting: [{ on: 'nobody' }] };

  const at = since ? { since } : {};
  const waiting: ApplicantStatus['waiting'] = [];
  if (turn === 'crm') waiting.push({ on: 'funding-team', work: 'records', ...at });
  else if (turn === 'signer') waiting.push({ on: 'signature', ...at });
  else waiting.push({ on: 'applicant', ...at });
  if ((p.pendingDocuments ?? 0) > 0) waiting.push({ on: 'funding-team', work: 'documents', ...at });
  return { ...base, waiting };
}

/** When Temporal cannot answer: what MongoDB knows (the saved stage and the application's status). */
export function savedStatus(
  saved: { pageName: StageName; pageStep: number },
  applicationStatus: string,
): ApplicantStatus {
  const base = { source: 'saved' as const, stage: saved.pageName, step: saved.pageStep };
  if (applicationStatus === 'Submitted')
    return { ...base, ended: 'submitted', waiting: [{ on: 'funding-team', work: 'review' }] };
  if (applicationStatus === 'Withdrawn') return { ...base, ended: 'withdrawn', waiting: [{ on: 'nobody' }] };
  if (applicationStatus === 'Abandoned') return { ...base, ended: 'closed', waiting: [{ on: 'nobody' }] };
  return { ...base, waiting: [{ on: 'applicant' }] };
}

/** The application's sign request now (`id` undefined: none) and its co-owners' emails. */
export function signRequestNow(progress: ProgressAnswer): { id?: string; coOwners: string[] } {
  const signers = progress.signing?.request.signers ?? [];
  return {
    id: progress.signing?.request.id,
    coOwners: signers.filter((x) => x.order > 1).map((x) => x.email.trim().toLowerCase()),
  };
}

/** The signatures with each owner's name as typed on /owners (by place: owner 1 signs first), where known. */
export const namedSignatures = (status: ApplicantStatus, names: readonly (string | undefined)[]) =>
  status.signatures?.map((s) => (names[s.order - 1] ? { ...s, name: names[s.order - 1] } : s));
