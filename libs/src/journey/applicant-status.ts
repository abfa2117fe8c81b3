import type { StageName } from './stages';

/**
 * Whose move it is, in the applicant's words (the 'Where do I stand' panel): the applicant, the
 * owners still to sign, the funding team, or nobody (the application has ended).
 */
export const WAITING_ON = ['applicant', 'signature', 'funding-team', 'nobody'] as const;
export type WaitingOn = (typeof WAITING_ON)[number];

/** What the funding team is doing while it is their turn (no operator code ever reaches this). */
export const TEAM_WORK = ['records', 'documents', 'review'] as const;
export type TeamWork = (typeof TEAM_WORK)[number];

/** How the application ended, when it has. */
export const APPLICATION_ENDS = ['submitted', 'withdrawn', 'closed'] as const;
export type ApplicationEndState = (typeof APPLICATION_ENDS)[number];

/**
 * The status view's data, as the api answers it to the applicant (GET /application/{id}/progress) and,
 * with `rep`, owners' names and documents left out, to a co-owner holding a signed link. No PII beyond
 * the owners' names the applicant typed (their own view only); never an address, email or number.
 */
export type ApplicantStatus = {
  /** 'live' from the workflow; 'saved' when Temporal could not answer and MongoDB's saved stage stands in. */
  source: 'live' | 'saved';
  stage: StageName;
  step: number;
  ended?: ApplicationEndState;
  waiting: {
    on: WaitingOn;
    /** For the funding team: what they are doing. */
    work?: TeamWork;
    /** Since when (ISO time), when known. */
    since?: string;
  }[];
  /**
   * The owners' signatures, in signing order (present once a sign request exists). `name` (first and
   * last, as typed on /owners) in the applicant's own view only.
   */
  signatures?: { order: number; signed: boolean; name?: string }[];
  /** The signing request is open (not signed, declined, cancelled or expired): a co-owner can still sign. */
  signingOpen?: boolean;
  /** The funding rep, once the application is submitted. */
  rep?: { name: string; schedulingLink?: string };
  /** After submission, the documents the applicant marked 'I don't have this' (applicant's view only). */
  missingDocuments?: MissingDocument[];
};

/** The documents the final step asks for, which the applicant may mark 'I don't have this'. */
export const OPTIONAL_DOCUMENTS = ['voidedCheck', 'driversLicense'] as const;
export type MissingDocument = (typeof OPTIONAL_DOCUMENTS)[number];

/**
 * What a co-owner's signed link shows: the business's name and the same steps, without the rep or
 * anyone's name; `you` is the holder's place in the signing order, and `signPath` the way to their own
 * signing session while they can sign (a signed link of its own).
 */
export type SharedStatus = Omit<ApplicantStatus, 'rep' | 'missingDocuments'> & {
  businessName?: string;
  you?: number;
  signPath?: string;
};

/**
 * GET /status/sign/{token}: where a co-owner's signing link leads. 'ready' with the signer's own
 * signing-session URL; 'signed' when their signature is already recorded; 'waiting' while an earlier
 * signer has not signed yet; 'closed' when the request has ended (declined, cancelled, expired, replaced).
 */
export type CoOwnerSigning =
  { state: 'ready'; url: string } | { state: 'signed' | 'waiting' | 'closed'; businessName?: string };
