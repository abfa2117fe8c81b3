import type { NestExpressApplication } from '@nestjs/platform-express';
import { randomUUID } from 'node:crypto';
import { ObjectId } from 'mongodb';
import { IDEMPOTENT_REPLAY_HEADER } from '@portal/libs';
import { ApiClient, signUpAndConfirm, type Answer } from '../../../../tests/support/api-client';
import { onePagePdf } from '../../../../tests/support/pdf-fixtures';
import { IdempotencyService } from './idempotency.service';
import { sliceHooks } from '../../../../tests/support/slice-hooks';
import { until } from '../../../../tests/support/until';

export const KEY = 'Idempotency-Key';
export const newKey = () => randomUUID();
export const replayed = (a: Answer) => a.headers.get(IDEMPOTENT_REPLAY_HEADER) === 'true';

/** Runs `n` calls with at most `width` in flight at once; answers in call order. */
export async function pool<T>(n: number, width: number, call: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(n);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < n) {
        const i = next++;
        out[i] = await call(i);
      }
    }),
  );
  return out;
}

/**
 * The set-up the idempotency spec files share: an api slice, a second api replica on the same database (as two
 * instances behind a load balancer), and two signed-up applicants, Ada and Eve.
 */
export function idempotencySlice() {
  let second: NestExpressApplication | undefined;
  let secondUrl = '';
  let ada: ApiClient | undefined;
  let eve: ApiClient | undefined;
  let adaApp = '';
  let adaBusiness = '';
  let pdf: Uint8Array | undefined;

  const hooks = sliceHooks({
    setUp: async (slice) => {
      pdf = await onePagePdf();
      const { createApp } = await import('../../app');
      const app = await createApp();
      second = app;
      await app.listen(0, '127.0.0.1');
      secondUrl = `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}/api`;
      ada = await signUpAndConfirm(slice.baseUrl, slice.maildevUrl, 'idem-ada', '10.15.0.1');
      eve = await signUpAndConfirm(slice.baseUrl, slice.maildevUrl, 'idem-eve', '10.15.0.2');
      adaApp = (await ada.get('/auth/user')).body.data.applications[0]._id as string;
      adaBusiness = (await ada.get(`/business/application/${adaApp}`)).body._id as string;
      // The voided check and the license are taken at the final documents only (issue 25 item 10): Ada's
      // saved position is put there, past the signature and the statements this file is not about.
      await hooks.db
        .collection('stages')
        .updateOne({ _id: new ObjectId(adaApp) }, { $set: { pageName: 'DOCUMENTS', pageStep: 2, path: '/offers' } });
    },
    tearDown: async () => {
      await second?.close();
    },
  });

  const room = {
    get slice() {
      return hooks.slice;
    },
    get db() {
      return hooks.db;
    },
    get ada() {
      return ada!;
    },
    get eve() {
      return eve!;
    },
    get adaApp() {
      return adaApp;
    },
    get adaBusiness() {
      return adaBusiness;
    },
    get secondUrl() {
      return secondUrl;
    },
    /** Ada's stored record of `key`: the collection and the record's id. */
    async adaRecord(key: string) {
      const id = room.slice.app
        .get(IdempotencyService)
        .recordId(`user:${(await room.ada.get('/auth/user')).body.data._id}`, key);
      return { keys: room.db.collection('idempotencykeys'), id: id as never };
    },
    /** Ada's record of `key` as a request still running leaves it: pending, no answer, its lease ending `leaseMs` from now. */
    async leaveRunning(key: string, leaseMs: number) {
      const record = await room.adaRecord(key);
      await record.keys.updateOne(
        { _id: record.id },
        { $set: { state: 'pending', expiresAt: new Date(Date.now() + leaseMs) }, $unset: { status: '', body: '' } },
      );
      return record;
    },
    /** The same browser (cookies) talking to the second replica. */
    onSecond(client: ApiClient, ip: string) {
      const other = new ApiClient(secondUrl, ip);
      for (const [k, v] of client.cookies) other.cookies.set(k, v);
      return other;
    },
    async mailsTo(address: string) {
      const mails = (await (await fetch(`${room.slice.maildevUrl}/api/email`)).json()) as {
        to: { address: string }[];
      }[];
      return mails.filter((m) => m.to.some((t) => t.address.toLowerCase() === address)).length;
    },
    leadsFor: (email: string) => room.slice.crm.records('Lead').filter((l) => l.Email === email).length,
    /** The account's email and CRM lead are sent in the background: wait until both have come. */
    settle: (email: string) =>
      Promise.all([
        until(
          () => room.mailsTo(email),
          (n) => n > 0,
        ),
        until(
          () => room.leadsFor(email),
          (n) => n > 0,
        ),
      ]),
    uploadForm(applicationId: string) {
      const form = new FormData();
      form.append('applicationId', applicationId);
      form.append('fileType', 'Voided Check');
      form.append('file', new Blob([pdf!], { type: 'application/pdf' }), 'check.pdf');
      return form;
    },
  };
  return room;
}
