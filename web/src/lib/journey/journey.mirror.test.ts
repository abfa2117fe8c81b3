/**
 * The mirror: every stage step, every move the journey machine makes (next, back), from the saved step
 * or from an earlier page, with and without the step's answers saved, signed or not, statements
 * submitted or not, walks through the client machine and through the workflow's moveStage rule (libs
 * judgeMove, which its update validator runs). The two moves a submission makes by itself (libs
 * judgeSubmission, which the workflow's submitStatements and submitApplication apply) are walked the
 * same way. Any disagreement fails.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  JOURNEY_STAGES,
  JOURNEY_CODES,
  SUBMISSION_STEPS,
  judgeMove,
  judgeSubmission,
  sectionOf,
  type JourneyPosition,
  type MoveFacts,
} from '@portal/libs';
import { at, settled, testServer } from './journey-test-server';
import { isBefore, samePosition } from './journey-routes';

const POSITIONS = JOURNEY_STAGES.flatMap((s) => s.paths.map((_, i) => at(s.name, i + 1)));
const FACTS: MoveFacts[] = [false, true].flatMap((signed) =>
  [false, true].map((statementsSubmitted) => ({ signed, statementsSubmitted })),
);
const label = (p: JourneyPosition) => `${p.pageName}:${p.pageStep}`;

/** A machine whose copy of the journey is `copy`, showing step `page`, against a server at `server`. */
function machineAt(copy: JourneyPosition, page: JourneyPosition, server: JourneyPosition, facts: MoveFacts) {
  const t = testServer(server, facts);
  const routes: string[] = [];
  const machine = t.machine.provide({ actions: { navigate: (_, { route }) => void routes.push(route) } });
  const snapshot = machine.resolveState({
    value: 'ready',
    context: {
      applicationId: 'app-1',
      position: copy,
      at: page,
      route: page.path,
      signed: false,
      sfOpportunityId: facts.statementsSubmitted ? 'opp-1' : undefined,
    },
  });
  return { ...t, routes, actor: createActor(machine, { snapshot }).start() };
}

type Case = { saved: JourneyPosition; page: JourneyPosition; to: 'next' | 'back'; answered: boolean; facts: MoveFacts };
const cases: Case[] = POSITIONS.flatMap((saved) =>
  POSITIONS.filter((page) => !isBefore(saved, page)).flatMap((page) =>
    (['next', 'back'] as const).flatMap((to) =>
      [false, true].flatMap((answered) => FACTS.map((facts) => ({ saved, page, to, answered, facts }))),
    ),
  ),
);

describe('journey machine mirrors the workflow moveStage rule', () => {
  it(`agrees on all ${cases.length} (saved step, page, move, answers, facts) cases`, async () => {
    const disagreements: string[] = [];
    for (const { saved, page, to, answered, facts } of cases) {
      const section = answered ? sectionOf(page) : undefined;
      const workflow = judgeMove(saved, { to, from: page, answered: section ? [section] : [] }, facts);
      const m = machineAt(saved, page, saved, facts);
      m.actor.send(
        to === 'next'
          ? {
              type: 'journey.next',
              saved: section,
              signed: facts.signed,
              sfOpportunityId: facts.statementsSubmitted ? 'opp-1' : undefined,
            }
          : { type: 'journey.back' },
      );
      await settled(m.actor);
      const { position, error } = m.actor.getSnapshot().context;
      const name = `${to} from ${label(page)} saved at ${label(saved)}${answered ? ' answered' : ''} ${JSON.stringify(facts)}`;
      const wf = workflow.ok ? `moves to ${label(workflow.position)}` : `refuses '${JOURNEY_CODES[workflow.code]}'`;
      const client = error ? `refuses '${error}'` : `moves to ${label(position)}`;
      if (m.server.refusals.length) disagreements.push(`${name}: the machine asked for a move the workflow refused`);
      else if (wf !== client) disagreements.push(`${name}: workflow ${wf}, machine ${client}`);
      // A move from the saved step goes to the server exactly when the workflow would take it.
      const asked = m.server.requests.length > 0;
      if (samePosition(page, saved) && asked !== workflow.ok) disagreements.push(`${name}: asked=${asked}`);
    }
    expect(disagreements).toEqual([]);
  });

  it('ends where the server is, whenever its own copy is out of date (another tab moved the journey)', async () => {
    const all: MoveFacts = { signed: true, statementsSubmitted: true };
    for (const copy of POSITIONS)
      for (const server of POSITIONS) {
        for (const to of ['next', 'back'] as const) {
          const m = machineAt(copy, copy, server, all);
          const section = sectionOf(copy);
          m.actor.send(
            to === 'next' ? { type: 'journey.next', saved: section, signed: true } : { type: 'journey.back' },
          );
          await settled(m.actor);
          if (m.server.requests.length === 0) continue; // refused on its own copy: nothing was asked
          expect(m.server.refusals, `${to} from ${label(copy)} vs ${label(server)}`).toEqual([]);
          expect(m.actor.getSnapshot().context.position).toEqual(m.server.position);
          expect(m.routes).toEqual([m.server.position.path]);
        }
      }
  });

  it('lands where the workflow leaves the journey after each submission, from every saved step', async () => {
    const disagreements: string[] = [];
    // Bank statements: the page submits, then tells the machine 'journey.next' with the opportunity
    // (bank-statements-page.tsx); the workflow has already moved by judgeSubmission.
    const statements = at(SUBMISSION_STEPS.statements.pageName, SUBMISSION_STEPS.statements.pageStep);
    for (const saved of POSITIONS.filter((p) => !isBefore(p, statements))) {
      const after = judgeSubmission(saved, 'statements');
      const m = machineAt(saved, statements, after, { signed: true, statementsSubmitted: false });
      m.server.facts = { signed: true, statementsSubmitted: true };
      m.actor.send({ type: 'journey.next', sfOpportunityId: 'opp-1' });
      await settled(m.actor);
      const { position, error } = m.actor.getSnapshot().context;
      const name = `statements submitted from ${label(statements)} saved at ${label(saved)}`;
      if (error || m.server.refusals.length) disagreements.push(`${name}: refused '${error ?? m.server.refusals[0]}'`);
      else if (label(position) !== label(after))
        disagreements.push(`${name}: workflow ${label(after)}, machine ${label(position)}`);
    }
    // The application: the offers page submits from its last step and tells the machine nothing, so the
    // workflow's rule must leave the journey on that step (the booking view).
    const booking = at('DOCUMENTS', 3);
    for (const saved of POSITIONS.filter((p) => !isBefore(p, booking))) {
      const after = judgeSubmission(saved, 'application');
      const m = machineAt(saved, booking, after, { signed: true, statementsSubmitted: true });
      if (label(m.actor.getSnapshot().context.position) !== label(after))
        disagreements.push(`application submitted saved at ${label(saved)}: workflow moves to ${label(after)}`);
    }
    expect(disagreements).toEqual([]);
  });
});
