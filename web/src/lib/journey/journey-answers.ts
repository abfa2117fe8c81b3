import type { SessionApplicationView, StatementsSubmittedView } from '@portal/libs';
// Types only: the router imports this file, and the machine's code (XState) stays out of the first chunk.
import type { JourneyEvent } from './journey.machine';

/**
 * The api's answers as the journey machine takes them: the only places the machine learns what the server
 * knows beyond the stage. The router and the bank-statements page send these, and the mirror test builds
 * the machine's inputs with them from the api's answer types, so what it walks is what the app sends.
 */

/** The session's application (GET /auth/user), as the router hydrates the machine on every guarded route. */
export const hydrateEvent = (
  application: SessionApplicationView,
): Extract<JourneyEvent, { type: 'journey.hydrate' }> => ({
  type: 'journey.hydrate',
  application: {
    _id: application._id,
    stage: application.stage,
    sfOpportunityId: application.sfOpportunityId,
    statementsSubmitted: application.statementsSubmitted,
  },
});

/**
 * The statements' submission answered (POST /application/:id/submit-statements): the workflow has moved the
 * journey on to /offers, and the machine lands where the answer says, without a stage move of its own. That
 * the statements are submitted is the answer's word, not the opportunity's presence: during a CRM outage the
 * opportunity comes later.
 */
export const statementsSubmittedEvent = (
  answer: StatementsSubmittedView,
): Extract<JourneyEvent, { type: 'journey.next' }> => ({
  type: 'journey.next',
  statementsSubmitted: answer.statementsSubmitted,
  sfOpportunityId: answer.sfOpportunityId,
  landed: { pageName: answer.stage.pageName, pageStep: answer.stage.pageStep },
});

/**
 * The signature's status read answered signed (GET /box/:id): the workflow moved the journey on to the bank
 * statements when it heard the last signature, and the machine lands where the answer says, without a stage
 * move. An answer still on the signature (a run from before the workflow moved it, or a journey taken back
 * there) or none (the build's answer) leaves the move to the machine, which the workflow answers.
 */
export const signedEvent = (answer?: {
  stage?: { pageName: string; pageStep: number };
}): Extract<JourneyEvent, { type: 'journey.next' }> => ({
  type: 'journey.next',
  signed: true,
  ...(answer?.stage && answer.stage.pageName !== 'SIGNATURE'
    ? { landed: { pageName: answer.stage.pageName, pageStep: answer.stage.pageStep } }
    : {}),
});
