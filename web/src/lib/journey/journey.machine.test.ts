import { describe, expect, it } from 'vitest';
import { JOURNEY_CODES } from '@portal/libs';
import { signedEvent } from './journey-answers';
import { at, settled, startAt } from './journey-test-server';

const visit = (j: ReturnType<typeof startAt>, route: string, step?: number) => {
  j.actor.send({ type: 'journey.visit', route, step });
  return j.actor.getSnapshot().context;
};

describe('journey machine: hydration and the route guard', () => {
  it('is hydrated from the saved stage and resumes there', () => {
    const j = startAt(at('BUSINESS', 3));
    expect(j.actor.getSnapshot().value).toBe('ready');
    expect(j.actor.getSnapshot().context).toMatchObject({
      applicationId: 'app-1',
      route: '/owners',
      at: at('BUSINESS', 3),
    });
  });

  it('lets the applicant stay on the saved stage or go back, never skip ahead', () => {
    const j = startAt(at('BUSINESS', 3));
    expect(visit(j, '/financial').route).toBe('/financial');
    expect(visit(j, '/business')).toMatchObject({ route: '/business', at: at('BUSINESS', 2) });
    expect(visit(j, '/giggle-finance').route).toBe('/giggle-finance');
    expect(visit(j, '/signature').route).toBe('/owners');
    expect(visit(startAt(at('FINANCIAL', 1)), '/business').route).toBe('/financial');
  });

  it('opens a two-step page at the saved step', () => {
    expect(visit(startAt(at('BUSINESS', 1)), '/business').at).toEqual(at('BUSINESS', 1));
    expect(visit(startAt(at('DOCUMENTS', 3)), '/offers').at).toEqual(at('DOCUMENTS', 3));
    expect(visit(startAt(at('DOCUMENTS', 3)), '/bank-statements').at).toEqual(at('DOCUMENTS', 1));
  });

  it('Back and Forward between the question and the details of /business show the step their entry showed', async () => {
    const j = startAt(at('BUSINESS', 1));
    j.actor.send({ type: 'journey.next', saved: 'businessQuestion' });
    await settled(j.actor);
    // The details are an entry of their own: the navigation names the step.
    expect(j.steps).toEqual([{ route: '/business', step: 2 }]);
    expect(visit(j, '/business', 1)).toMatchObject({ route: '/business', at: at('BUSINESS', 1) });
    expect(visit(j, '/business', 2).at).toEqual(at('BUSINESS', 2));
    // An entry without a step (a reload, a link) keeps the step shown.
    expect(visit(j, '/business').at).toEqual(at('BUSINESS', 2));
  });

  it('never shows a step from history that is ahead of the saved stage, nor an offers step', () => {
    expect(visit(startAt(at('BUSINESS', 1)), '/business', 2).at).toEqual(at('BUSINESS', 1));
    expect(visit(startAt(at('DOCUMENTS', 3)), '/offers', 2).at).toEqual(at('DOCUMENTS', 3));
  });

  it('with an opportunity, sends the pages before it to /offers unless the saved path is /bank-statements or /offers', () => {
    const opportunity = { sfOpportunityId: 'opp-1' };
    for (const route of ['/financial', '/business', '/owners', '/signature', '/giggle-finance']) {
      expect(visit(startAt(at('DOCUMENTS', 2), opportunity), route).route).toBe('/offers');
      expect(visit(startAt(at('DOCUMENTS', 1), opportunity), route).route).toBe('/bank-statements');
      // A saved path elsewhere (an older record) still ends at /offers.
      expect(visit(startAt(at('BUSINESS', 3), opportunity), route).route).toBe('/offers');
    }
    expect(visit(startAt(at('DOCUMENTS', 3), opportunity), '/bank-statements').route).toBe('/bank-statements');
  });

  it('hydrating again keeps its own position for the same application and takes a new one whole', () => {
    const j = startAt(at('BUSINESS', 3));
    j.actor.send({
      type: 'journey.hydrate',
      application: { _id: 'app-1', stage: at('FINANCIAL', 1), sfOpportunityId: 'o', statementsSubmitted: true },
    });
    expect(j.actor.getSnapshot().context).toMatchObject({
      position: at('BUSINESS', 3),
      sfOpportunityId: 'o',
      statementsSubmitted: true,
    });
    j.actor.send({
      type: 'journey.hydrate',
      application: { _id: 'app-2', stage: at('FINANCIAL', 1), statementsSubmitted: false },
    });
    expect(j.actor.getSnapshot().context).toMatchObject({ applicationId: 'app-2', position: at('FINANCIAL', 1) });
    j.actor.send({ type: 'journey.reset' });
    expect(j.actor.getSnapshot().value).toBe('idle');
  });
});

describe('journey machine: moves', () => {
  it('moves the saved stage on through the server and follows it to the next route', async () => {
    const j = startAt(at('BUSINESS', 2));
    j.actor.send({ type: 'journey.next', saved: 'businessDetails' });
    expect(j.actor.getSnapshot().value).toBe('moving');
    await settled(j.actor);
    expect(j.server.requests).toEqual(['next from BUSINESS:2']);
    expect(j.actor.getSnapshot().context).toMatchObject({ position: at('BUSINESS', 3), route: '/owners' });
    expect(j.routes).toEqual(['/owners']);
  });

  it('stays on /business from the question to the details, one step on', async () => {
    const j = startAt(at('BUSINESS', 1));
    j.actor.send({ type: 'journey.next', saved: 'businessQuestion' });
    await settled(j.actor);
    expect(j.actor.getSnapshot().context.at).toEqual(at('BUSINESS', 2));
    expect(j.routes).toEqual(['/business']);
  });

  it('goes back where the server says', async () => {
    const j = startAt(at('BUSINESS', 1));
    j.actor.send({ type: 'journey.back' });
    await settled(j.actor);
    expect(j.server.requests).toEqual(['back from BUSINESS:1']);
    expect(j.routes).toEqual(['/financial']);
  });

  it('leaves the saved stage alone when the applicant came back to an earlier page', () => {
    const j = startAt(at('DOCUMENTS', 1));
    visit(j, '/owners');
    j.actor.send({ type: 'journey.next', saved: 'owners' });
    expect(j.routes).toEqual(['/signature']);
    visit(j, '/business');
    j.actor.send({ type: 'journey.back' });
    expect(j.actor.getSnapshot().context.at).toEqual(at('BUSINESS', 1));
    j.actor.send({ type: 'journey.back' });
    expect(j.routes).toEqual(['/signature', '/business', '/financial']);
    expect(j.server.requests).toEqual([]);
    expect(j.actor.getSnapshot().context.position).toEqual(at('DOCUMENTS', 1));
  });

  it('refuses here what the server would refuse, without asking it', () => {
    const unsaved = startAt(at('FINANCIAL', 1));
    unsaved.actor.send({ type: 'journey.next' });
    expect(unsaved.actor.getSnapshot().context.error).toBe(JOURNEY_CODES.ANSWERS_MISSING);
    const unsigned = startAt(at('SIGNATURE', 1));
    unsigned.actor.send({ type: 'journey.next' });
    expect(unsigned.actor.getSnapshot().context.error).toBe(JOURNEY_CODES.SIGN_FIRST);
    const last = startAt(at('DOCUMENTS', 3));
    last.actor.send({ type: 'journey.next' });
    expect(last.actor.getSnapshot().context.error).toBe(JOURNEY_CODES.NO_FURTHER_STAGE);
    expect([...unsaved.server.requests, ...unsigned.server.requests, ...last.server.requests]).toEqual([]);
  });

  it('follows the server when it has moved on meanwhile (the statements submission moves it)', async () => {
    const j = startAt(at('DOCUMENTS', 1), { facts: { signed: true, statementsSubmitted: true } });
    j.server.position = at('DOCUMENTS', 2);
    j.actor.send({ type: 'journey.next', statementsSubmitted: true, sfOpportunityId: 'opp-1' });
    await settled(j.actor);
    expect(j.actor.getSnapshot().context).toMatchObject({ position: at('DOCUMENTS', 2), sfOpportunityId: 'opp-1' });
    expect(j.routes).toEqual(['/offers']);
  });

  it("lands where the statements' submission answered, without a stage move of its own", async () => {
    const j = startAt(at('DOCUMENTS', 1), { facts: { signed: true, statementsSubmitted: true } });
    j.server.position = at('DOCUMENTS', 2);
    j.actor.send({
      type: 'journey.next',
      statementsSubmitted: true,
      sfOpportunityId: 'opp-1',
      landed: { pageName: 'DOCUMENTS', pageStep: 2 },
    });
    await settled(j.actor);
    expect(j.actor.getSnapshot().context).toMatchObject({
      position: at('DOCUMENTS', 2),
      at: at('DOCUMENTS', 2),
      statementsSubmitted: true,
      sfOpportunityId: 'opp-1',
    });
    expect(j.actor.getSnapshot().context.error).toBeUndefined();
    expect(j.routes).toEqual(['/offers']);
    // The workflow has moved already: a move asked of it would only be answered with the same place.
    expect(j.server.requests).toEqual([]);
  });

  it("lands where the signature's status answered (the workflow moved on when it heard it), asking no move", async () => {
    const j = startAt(at('SIGNATURE', 1), { facts: { signed: true, statementsSubmitted: false } });
    j.server.position = at('DOCUMENTS', 1);
    j.actor.send(signedEvent({ stage: at('DOCUMENTS', 1) }));
    await settled(j.actor);
    expect(j.actor.getSnapshot().context).toMatchObject({
      position: at('DOCUMENTS', 1),
      at: at('DOCUMENTS', 1),
      signed: true,
    });
    expect(j.actor.getSnapshot().context.error).toBeUndefined();
    expect(j.routes).toEqual(['/bank-statements']);
    expect(j.server.requests).toEqual([]);
  });

  it('moves on from the signature when the answer names no later step (a run from before, or an old tab)', async () => {
    for (const answer of [undefined, { stage: at('SIGNATURE', 1) }]) {
      const j = startAt(at('SIGNATURE', 1), { facts: { signed: true, statementsSubmitted: false } });
      // The workflow may have moved on already: the move is stale and answered where the journey is.
      j.server.position = answer ? at('SIGNATURE', 1) : at('DOCUMENTS', 1);
      j.actor.send(signedEvent(answer));
      await settled(j.actor);
      expect(j.server.requests).toEqual(['next from SIGNATURE:1']);
      expect(j.actor.getSnapshot().context.position).toEqual(at('DOCUMENTS', 1));
      expect(j.routes).toEqual(['/bank-statements']);
    }
  });

  it('takes the statements as submitted when the api says so, with no opportunity yet (the CRM is down)', async () => {
    const j = startAt(at('DOCUMENTS', 1), { facts: { signed: true, statementsSubmitted: true } });
    j.server.position = at('DOCUMENTS', 2);
    j.actor.send({ type: 'journey.next', statementsSubmitted: true });
    await settled(j.actor);
    expect(j.actor.getSnapshot().context).toMatchObject({ position: at('DOCUMENTS', 2), error: undefined });
    expect(j.routes).toEqual(['/offers']);
    // The machine infers nothing from an opportunity id (the api never answers one without the statements
    // submitted): the api's answer alone says so.
    const opportunityOnly = startAt(at('DOCUMENTS', 1), { sfOpportunityId: 'opp-1' });
    opportunityOnly.actor.send({ type: 'journey.next', sfOpportunityId: 'opp-1' });
    expect(opportunityOnly.actor.getSnapshot().context.error).toBe(JOURNEY_CODES.OFFERS_NOT_READY);
  });

  it('shows a server refusal and stays', async () => {
    const j = startAt(at('SIGNATURE', 1));
    j.actor.send({ type: 'journey.next', signed: true }); // the page thinks so; the workflow does not
    await settled(j.actor);
    expect(j.actor.getSnapshot().context).toMatchObject({
      error: JOURNEY_CODES.SIGN_FIRST,
      position: at('SIGNATURE', 1),
    });
    expect(j.routes).toEqual([]);
  });

  it('goes to /giggle-finance and back, closing and reopening the lead', async () => {
    const j = startAt(at('BUSINESS', 1));
    j.actor.send({ type: 'journey.giggle' });
    await settled(j.actor);
    visit(j, '/giggle-finance');
    j.actor.send({ type: 'journey.back' });
    await settled(j.actor);
    expect(j.server.giggles).toEqual(['enter', 'back']);
    expect(j.routes).toEqual(['/giggle-finance', '/business']);
    expect(j.server.requests).toEqual([]);
  });
});
