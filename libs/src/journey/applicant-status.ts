import type { StageName } from './stages';

/**
 * Whose move it is, in the applicant's words (issue 16 item 3, 'Where do I stand'): the applicant, the
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
 * with `rep` left out, to a co-owner holding a signed link. No PII: stages, counts, times and owner
 * numbers; an owner is named by their place in the signing order, never by their name or address.
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
  /** The owners' signatures, in signing order (present once a sign request exists). */
  signatures?: { order: number; signed: boolean }[];
  /** The funding rep, once the application is submitted. */
  rep?: { name: string; schedulingLink?: string };
};

/** What a co-owner's signed link shows: the business's name and the same steps, without the rep. */
export type SharedStatus = Omit<ApplicantStatus, 'rep'> & { businessName?: string };
