import type { NestExpressApplication } from '@nestjs/platform-express';
import { MongoClient, type Db } from 'mongodb';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { IDEMPOTENT_REPLAY_HEADER } from '@portal/libs';
import { ApiClient, signUpAndConfirm, type Answer } from '../../../../tests/support/api-client';
import { onePagePdf } from '../../../../tests/support/pdf-fixtures';
import { startSlice } from '../../../../tests/support/slice';
import { until } from '../../../../tests/support/until';

type Slice = Awaited<ReturnType<typeof startSlice>>;

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
  let slice: Slice | undefined;
  let second: NestExpressApplication | undefined;
  let secondUrl = '';
  let mongo: MongoClient | undefined;
  let db: Db | undefined;
  let ada: ApiClient | undefined;
  let eve: ApiClient | undefined;
  let adaApp = '';
  let adaBusiness = '';
  let pdf: Uint8Array | undefined;

  beforeAll(async () => {
    pdf = await onePagePdf();
    slice = await startSlice();
    const { createApp } = await import('../../app');
    second = await createApp();
    await second.listen(0, '127.0.0.1');
    secondUrl = `http://127.0.0.1:${(second.getHttpServer().address() as { port: number }).port}/api`;
    mongo = await MongoClient.connect(slice.env.MONGODB_URI);
    db = mongo.db();
    ada = await signUpAndConfirm(slice.baseUrl, slice.maildevUrl, 'idem-ada', '10.15.0.1');
    eve = await signUpAndConfirm(slice.baseUrl, slice.maildevUrl, 'idem-eve', '10.15.0.2');
    adaApp = (await ada.get('/auth/user')).body.data.applications[0]._id as string;
    adaBusiness = (await ada.get(`/business/application/${adaApp}`)).body._id as string;
  });

  afterAll(async () => {
    await second?.close();
    await mongo?.close();
    await slice?.close();
  });

  const room = {
    get slice() {
      return slice!;
    },
    get db() {
      return db!;
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
