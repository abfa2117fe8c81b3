// An update must not overtake signals still waiting in the outbox. Found by the restart spec:
// Temporal stopped before the final step, the voided check's 'documentUploaded' signal went to the outbox,
// and once Temporal was back the submission (an update) reached the workflow first: the application was
// submitted without the file, and the signal was then dropped for a closed workflow. Here the outbox's
// rounds (its drain and its sweep) are an hour apart, so only the update itself can send what waits. (A save's lead change
// reaches the outbox through its hand-over a moment after the save, when no stage move takes it first.)
import { expect, it } from 'vitest';
import { outageSlice } from './outbox.spec-setup';
import { signUpAndConfirm } from '../../../tests/support/api-client';
import { FINANCIAL_ANSWERS, QUESTION_ANSWERS, stepOn } from '../../../tests/support/journey';
import { holdFor, until } from '../../../tests/support/until';

const room = outageSlice('portal-outbox-order-', { OUTBOX_DRAIN_INTERVAL: '1h', OUTBOX_SWEEP_INTERVAL: '1h' });
const { temporal } = room;

it('a stage move after Temporal is back first sends the signals that waited for it', async () => {
  const ada = await signUpAndConfirm(room.slice.baseUrl, room.slice.maildevUrl, 'outbox-order', '10.13.1.1');
  const app = (await ada.get('/auth/user')).body.data.applications[0]._id as string;
  const businessId = (await ada.get(`/business/application/${app}`)).body._id as string;
  expect((await ada.patch(`/business/${businessId}`, FINANCIAL_ANSWERS)).status).toBe(200);
  // A save's lead change waits for a stage move and, when none comes, goes alone a moment later.
  const held = () =>
    room.mongo
      .db()
      .collection('pendingleads')
      .findOne({ _id: app as never, sealed: { $exists: true } });
  await until(held, (h) => h === null, { what: 'the financial answers handed to the workflow' });

  await temporal.stop();
  expect((await ada.patch(`/business/${businessId}`, QUESTION_ANSWERS)).status).toBe(200);
  const waiting = () => room.mongo.db().collection('workflowoutbox').countDocuments({ applicationId: app });
  // No move came: the lead change goes alone, and with Temporal unreachable into the outbox.
  expect(await until(waiting, (n) => n > 0, { ms: 30_000, what: 'the lead change in the outbox' })).toBe(1);
  expect(await held()).toBeNull();

  await temporal.start();
  // As the web client does: a 503 TRY_AGAIN (the signals could not go yet) is sent again after a moment.
  let moved = await stepOn(ada, app);
  for (let i = 0; i < 20 && moved.status === 503; i++) {
    expect(moved.body.data.code).toBe('TRY_AGAIN');
    expect(await waiting()).toBe(1);
    await holdFor(1000, "the web client's pause before it sends a 503 TRY_AGAIN again");
    moved = await stepOn(ada, app);
  }
  expect(moved.status).toBe(200);
  // The signal went first: nothing of this application waits any more.
  expect(await waiting()).toBe(0);
});
