// The application workflow against a real Temporal dev server, with the real worker and activities
// (CRM through jsforce to the stand-in).
import { WorkflowUpdateFailedError } from '@temporalio/client';
import { describe, expect, it } from 'vitest';
import { calculateOffers, getProgress, moveStage, submitApplication, submitStatements } from '../src';
import { NEXT, answered, workflowSlice } from './workflow.spec-setup';

// Stage moves: the validator refuses a jump, an unsaved step and a stage out of order, before it enters
// history; parallel repeats move once (signing: signing.workflow.spec.ts; the lead and operators:
// lead.workflow.spec.ts; replay of committed histories: replay.spec.ts).
const room = workflowSlice();
const { startApplication } = room;

describe('applicationWorkflow', () => {
  it('accepts the next stage and refuses a jump with the validator, before it enters history', async () => {
    const handle = await startApplication('aaaaaaaaaaaaaaaaaaaaaaa1');
    expect(await handle.executeUpdate(moveStage, { args: [NEXT] })).toEqual({
      pageName: 'BUSINESS',
      pageStep: 1,
      path: '/business',
    });
    const refused = handle.executeUpdate(moveStage, {
      args: [{ to: 'position', pageName: 'DOCUMENTS', pageStep: 3 }],
    });
    await expect(refused).rejects.toBeInstanceOf(WorkflowUpdateFailedError);
    const history = await handle.fetchHistory();
    const updates = history.events?.filter((e) => e.workflowExecutionUpdateAcceptedEventAttributes) ?? [];
    expect(updates).toHaveLength(1);
    expect((await handle.query(getProgress)).position.path).toBe('/business');
  });

  it('refuses a move past a step whose answers are not saved, before it enters history', async () => {
    const handle = await startApplication('aaaaaaaaaaaaaaaaaaaaaab1');
    const bare = await handle
      .executeUpdate(moveStage, { args: [{ to: 'next', from: { pageName: 'FINANCIAL', pageStep: 1 } }] })
      .catch((e: unknown) => e);
    expect((bare as WorkflowUpdateFailedError).cause?.message).toBe('Please complete this step before continuing');
    const onlyFinancial = { answered: ['financial'] as const };
    await handle.executeUpdate(moveStage, { args: [{ to: 'next', ...onlyFinancial }] });
    const skip = await handle.executeUpdate(moveStage, { args: [{ to: 'next', ...onlyFinancial }] }).catch((e) => e);
    expect((skip as WorkflowUpdateFailedError).cause?.message).toBe('Please complete this step before continuing');
    // Back never needs answers.
    expect(await handle.executeUpdate(moveStage, { args: [{ to: 'back' }] })).toMatchObject({ path: '/financial' });
    const history = await handle.fetchHistory();
    expect(history.events?.filter((e) => e.workflowExecutionUpdateAcceptedEventAttributes)).toHaveLength(2);
  });

  it('moves once for parallel repeats and answers a stale tab with the current position', async () => {
    const handle = await startApplication('aaaaaaaaaaaaaaaaaaaaaab2');
    const fromFinancial = answered({ to: 'next', from: { pageName: 'FINANCIAL', pageStep: 1 } });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => handle.executeUpdate(moveStage, { args: [fromFinancial] })),
    );
    expect(new Set(answers.map((a) => `${a.pageName}:${a.pageStep}`))).toEqual(new Set(['BUSINESS:1']));
    expect((await handle.query(getProgress)).position).toMatchObject({ pageName: 'BUSINESS', pageStep: 1 });
    // A stale tab still showing /financial asks for the step after it; the journey stays where it is.
    await handle.executeUpdate(moveStage, {
      args: [answered({ to: 'next', from: { pageName: 'BUSINESS', pageStep: 1 } })],
    });
    const stale = await handle.executeUpdate(moveStage, {
      args: [
        answered({ to: 'position', pageName: 'BUSINESS', pageStep: 1, from: { pageName: 'FINANCIAL', pageStep: 1 } }),
      ],
    });
    expect(stale).toMatchObject({ pageName: 'BUSINESS', pageStep: 2 });
    const back = await handle.executeUpdate(moveStage, {
      args: [{ to: 'back', from: { pageName: 'FINANCIAL', pageStep: 1 } }],
    });
    expect(back).toMatchObject({ pageName: 'BUSINESS', pageStep: 2 });
  });

  it('refuses statements before the signature and offers before the opportunity in the validators', async () => {
    const handle = await startApplication('aaaaaaaaaaaaaaaaaaaaaab3');
    const statements = await handle.executeUpdate(submitStatements, { args: [] }).catch((e: unknown) => e);
    expect((statements as WorkflowUpdateFailedError).cause?.message).toBe(
      'Please sign the application before continuing',
    );
    for (const update of [calculateOffers, submitApplication]) {
      const early = await handle.executeUpdate(update, { args: [] }).catch((e: unknown) => e);
      expect((early as WorkflowUpdateFailedError).cause?.message).toBe('Please submit your bank statements first');
    }
    const history = await handle.fetchHistory();
    expect(history.events?.filter((e) => e.workflowExecutionUpdateAcceptedEventAttributes)).toHaveLength(0);
  });
});
