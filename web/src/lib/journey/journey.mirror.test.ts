/**
 * The mirror: every stage step, every move the journey machine makes (next, back), from the saved step
 * or from an earlier page, with and without the step's answers saved, in every world the workflow can be in
 * (signed or not; statements not submitted, submitted while the CRM has made no opportunity yet, or
 * converted), walks through the client machine and through the workflow's moveStage rule (libs judgeMove
 * over moveFactsOf(progress), which its update validator runs). The two moves a submission makes by itself
 * (libs judgeSubmission, which the workflow's submitStatements and submitApplication apply) are walked the
 * same way. Any disagreement fails.
 *
 * The two sides share no fact. The workflow judges by its progress; the machine is fed what the app feeds
 * it: the api's answers (the session's application, the statements' submission), built from the record by
 * the api's own builders, through the app's own mapping (journey-answers.ts), and the events the pages send.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  JOURNEY_STAGES,
  JOURNEY_CODES,
  SUBMISSION_STEPS,
  judgeMove,
  judgeSubmission,
  moveFactsOf,
  sectionOf,
  sessionApplicationView,
  statementsSubmittedView,
  type JourneyPosition,
  type MoveProgress,
} from '@portal/libs';
import { hydrateEvent, statementsSubmittedEvent } from './journey-answers';
import type { JourneyEvent } from './journey.machine';
import { at, settled, testServer } from './journey-test-server';
import { asPosition, isBefore, samePosition } from './journey-routes';

const POSITIONS = JOURNEY_STAGES.flatMap((s) => s.paths.map((_, i) => at(s.name, i + 1)));
const STATEMENTS = asPosition(SUBMISSION_STEPS.statements);
const SIGNATURE = at('SIGNATURE', 1);
const label = (p: JourneyPosition) => `${p.pageName}:${p.pageStep}`;

/** What the workflow has achieved of the signature and the statements: its progress, in part. */
type World = { name: string; progress: MoveProgress };
const STATEMENTS_WORLDS: World[] = [
  { name: 'statements not submitted', progress: {} },
  { name: 'statements submitted, no opportunity (CRM down)', progress: { statementsSubmitted: true } },
  { name: 'statements submitted, converted', progress: { statementsSubmitted: true, sfOpportunityId: 'opp-1' } },
];
const signedIn = (w: World, signed: boolean): World => ({
  name: `${signed ? 'signed' : 'not signed'}, ${w.name}`,
  progress: { ...w.progress, signing: { signed } },
});
const WORLDS = [false, true].flatMap((signed) => STATEMENTS_WORLDS.map((w) => signedIn(w, signed)));
const [, CRM_DOWN, CONVERTED] = STATEMENTS_WORLDS.map((w) => signedIn(w, true)) as [World, World, World];

/**
 * The application record in a world, as it is written: the worker saves the opportunity id the conversion
 * made; the api marks the statements submitted once the workflow took their submission.
 */
const recordIn = (w: World) => ({
  _id: 'app-1',
  applicationStatus: 'Created',
  sfOpportunityId: w.progress.sfOpportunityId,
  statementsSubmitted: w.progress.statementsSubmitted,
});
const stageRecord = (p: JourneyPosition) => ({ applicationId: 'app-1', ...p, isPdfSent: false });

/**
 * What the page on step `page` tells the machine with 'next' in a world, as the app's pages send it, the
 * workflow's journey being at `server`.
 */
function nextEvent(w: World, page: JourneyPosition, answered: boolean, server: JourneyPosition): JourneyEvent {
  const saved = answered ? sectionOf(page) : undefined;
  // The signature page goes on once the api says the application is signed.
  if (samePosition(page, SIGNATURE)) return { type: 'journey.next', saved, signed: !!w.progress.signing?.signed };
  // The bank-statements page goes on with the submission's answer (it has none while nothing was submitted):
  // where the workflow's submission left the journey.
  if (samePosition(page, STATEMENTS) && w.progress.statementsSubmitted) {
    const answer = statementsSubmittedView(recordIn(w), stageRecord(judgeSubmission(server, 'statements')));
    return { ...statementsSubmittedEvent(answer), saved };
  }
  return { type: 'journey.next', saved };
}

/**
 * A machine hydrated as the router hydrates it, from the session's application the api answers in world
 * `w` with the saved stage `copy`, showing step `page`, against a workflow at `server` in world `w`.
 */
function machineAt(copy: JourneyPosition, page: JourneyPosition, server: JourneyPosition, w: World) {
  const t = testServer(server, moveFactsOf(w.progress));
  const routes: string[] = [];
  const machine = t.machine.provide({ actions: { navigate: (_, { route }) => void routes.push(route) } });
  const hydrating = createActor(machine).start();
  hydrating.send(hydrateEvent(sessionApplicationView(recordIn(w), copy)));
  const { context } = hydrating.getSnapshot();
  hydrating.stop();
  const snapshot = machine.resolveState({ value: 'ready', context: { ...context, at: page, route: page.path } });
  return { ...t, routes, actor: createActor(machine, { snapshot }).start() };
}

type Case = { saved: JourneyPosition; page: JourneyPosition; to: 'next' | 'back'; answered: boolean; world: World };
const cases: Case[] = POSITIONS.flatMap((saved) =>
  POSITIONS.filter((page) => !isBefore(saved, page)).flatMap((page) =>
    (['next', 'back'] as const).flatMap((to) =>
      [false, true].flatMap((answered) => WORLDS.map((world) => ({ saved, page, to, answered, world }))),
    ),
  ),
);

describe('journey machine mirrors the workflow moveStage rule', () => {
  it(`agrees on all ${cases.length} (saved step, page, move, answers, world) cases`, async () => {
    const disagreements: string[] = [];
    for (const { saved, page, to, answered, world } of cases) {
      const section = answered ? sectionOf(page) : undefined;
      const move = { to, from: page, answered: section ? [section] : [] };
      const workflow = judgeMove(saved, move, moveFactsOf(world.progress));
      const m = machineAt(saved, page, saved, world);
      const event: JourneyEvent = to === 'next' ? nextEvent(world, page, answered, saved) : { type: 'journey.back' };
      m.actor.send(event);
      await settled(m.actor);
      const { position, error } = m.actor.getSnapshot().context;
      const name = `${to} from ${label(page)} saved at ${label(saved)}${answered ? ' answered' : ''} (${world.name})`;
      const wf = workflow.ok ? `moves to ${label(workflow.position)}` : `refuses '${JOURNEY_CODES[workflow.code]}'`;
      const client = error ? `refuses '${error}'` : `moves to ${label(position)}`;
      if (m.server.refusals.length) disagreements.push(`${name}: the machine asked for a move the workflow refused`);
      else if (wf !== client) disagreements.push(`${name}: workflow ${wf}, machine ${client}`);
      // A move from the saved step goes to the server exactly when the workflow would take it, unless the
      // server has already made it (a submission's answer): then nothing is asked.
      const asked = m.server.requests.length > 0;
      const landed = event.type === 'journey.next' && !!event.landed;
      if (samePosition(page, saved) && asked !== (workflow.ok && !landed))
        disagreements.push(`${name}: asked=${asked}`);
    }
    expect(disagreements).toEqual([]);
  });

  it('ends where the server is, whenever its own copy is out of date (another tab moved the journey)', async () => {
    for (const world of [CRM_DOWN, CONVERTED])
      for (const copy of POSITIONS)
        for (const server of POSITIONS) {
          for (const to of ['next', 'back'] as const) {
            const m = machineAt(copy, copy, server, world);
            m.actor.send(to === 'next' ? nextEvent(world, copy, true, server) : { type: 'journey.back' });
            await settled(m.actor);
            if (m.server.requests.length === 0) continue; // refused on its own copy: nothing was asked
            const name = `${to} from ${label(copy)} vs ${label(server)} (${world.name})`;
            expect(m.server.refusals, name).toEqual([]);
            expect(m.actor.getSnapshot().context.position, name).toEqual(m.server.position);
            expect(m.routes, name).toEqual([m.server.position.path]);
          }
        }
  });

  it('lands where the workflow leaves the journey after each submission, from every saved step', async () => {
    const disagreements: string[] = [];
    // Bank statements: the page submits, then tells the machine 'journey.next' with the submission's answer
    // (bank-statements-page.tsx); the workflow has already moved by judgeSubmission. The CRM may convert
    // the lead in time, or be down: the workflow goes on to /offers either way, and so must the machine.
    for (const after of [CRM_DOWN, CONVERTED])
      for (const saved of POSITIONS.filter((p) => !isBefore(p, STATEMENTS))) {
        const moved = judgeSubmission(saved, 'statements');
        // Before it, the session said what the record said: not submitted, unless this is a repeat.
        const before = samePosition(saved, STATEMENTS) ? signedIn(STATEMENTS_WORLDS[0]!, true) : after;
        const m = machineAt(saved, STATEMENTS, moved, before);
        m.server.facts = moveFactsOf(after.progress);
        m.actor.send(statementsSubmittedEvent(statementsSubmittedView(recordIn(after), stageRecord(moved))));
        await settled(m.actor);
        const { position, error } = m.actor.getSnapshot().context;
        const name = `statements submitted from ${label(STATEMENTS)} saved at ${label(saved)} (${after.name})`;
        if (error || m.server.refusals.length)
          disagreements.push(`${name}: refused '${error ?? m.server.refusals[0]}'`);
        else if (label(position) !== label(moved))
          disagreements.push(`${name}: workflow ${label(moved)}, machine ${label(position)}`);
        else if (m.routes.at(-1) !== moved.path) disagreements.push(`${name}: shows ${m.routes.at(-1)}`);
      }
    // The application: the offers page submits from its last step and tells the machine nothing, so the
    // workflow's rule must leave the journey on that step (the booking view).
    const booking = at('DOCUMENTS', 3);
    for (const saved of POSITIONS.filter((p) => !isBefore(p, booking))) {
      const after = judgeSubmission(saved, 'application');
      const m = machineAt(saved, booking, after, CONVERTED);
      if (label(m.actor.getSnapshot().context.position) !== label(after))
        disagreements.push(`application submitted saved at ${label(saved)}: workflow moves to ${label(after)}`);
    }
    expect(disagreements).toEqual([]);
  });
});
