/**
 * The api's answers about an application that the web's journey machine is fed from, built here so the
 * api's services and the journey mirror test (web) make them alike: what the test walks is what the api
 * answers.
 */
import { statementsSubmittedIn } from '../journey/moves';
import type { StageRecord } from './entities';
import type { ApplicationRecord } from './records';
import type { SessionApplicationView, StatementsSubmittedView } from './views';

/** What the answers read of the application record. */
export type ApplicationFacts = Pick<
  ApplicationRecord<unknown>,
  'applicationStatus' | 'sfOpportunityId' | 'statementsSubmitted'
> & { _id: { toString(): string } | string };

type SavedStage = { pageName: string; pageStep: number; path: string };

/** One application of the session (GET /auth/user), from its record and its saved stage. */
export const sessionApplicationView = (a: ApplicationFacts, stage?: SavedStage): SessionApplicationView => ({
  _id: String(a._id),
  applicationStatus: a.applicationStatus,
  sfOpportunityId: a.sfOpportunityId,
  statementsSubmitted: statementsSubmittedIn(a),
  ...(stage ? { stage: { pageName: stage.pageName, pageStep: stage.pageStep, path: stage.path } } : {}),
});

/** The statements' submission answered, from the record read after the workflow took them. */
export const statementsSubmittedView = (
  a: Pick<ApplicationFacts, 'sfOpportunityId' | 'statementsSubmitted'>,
  stage: StageRecord,
): StatementsSubmittedView => ({
  sfOpportunityId: a.sfOpportunityId,
  statementsSubmitted: statementsSubmittedIn(a),
  stage,
});
