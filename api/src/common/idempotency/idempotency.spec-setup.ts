import type { NestExpressApplication } from '@nestjs/platform-express';
import { randomUUID } from 'node:crypto';
import { ObjectId, type Db } from 'mongodb';
import { IDEMPOTENT_REPLAY_HEADER } from '@portal/libs';
import { ApiClient, signUpAndConfirm, type Answer } from '../../../../tests/support/api-client';
import { onePagePdf } from '../../../../tests/support/pdf-fixtures';
import { IdempotencyService } from './idempotency.service';
import { sliceHooks, type Slice } from '../../../../tests/support/slice-hooks';
import { startApiReplica } from '../../../../tests/support/slice';
import { holdFor, until } from '../../../../tests/support/until';

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

/** What the shared set-up makes before the tests: the second replica, the applicants, and a PDF to upload. */
type Parties = {
  second?: NestExpressApplication;
  secondUrl: string;
  ada?: ApiClient;
  eve?: ApiClient;
  adaApp: string;
  adaBusiness: string;
  pdf?: Uint8Array;
};

/** Starts the second replica, signs up Ada and Eve, and puts Ada's saved position at the final documents. */
async function setUpParties(slice: Slice, db: () => Db, p: Parties) {
  p.pdf = await onePagePdf();
  ({ app: p.second, url: p.secondUrl } = await startApiReplica());
  p.ada = await signUpAndConfirm(slice.baseUrl, slice.maildevUrl, 'idem-ada', '10.15.0.1');
  p.eve = await signUpAndConfirm(slice.baseUrl, slice.maildevUrl, 'idem-eve', '10.15.0.2');
  p.adaApp = (await p.ada.get('/auth/user')).body.data.applications[0]._id as string;
  p.adaBusiness = (await p.ada.get(`/business/application/${p.adaApp}`)).body._id as string;
  // The voided check and the license are taken at the final documents only: Ada's
  // saved position is put there, past the signature and the statements this file is not about.
  await db()
    .collection('stages')
    .updateOne({ _id: new ObjectId(p.adaApp) }, { $set: { pageName: 'DOCUMENTS', pageStep: 2, path: '/offers' } });
}

/** The slice, its database and the parties, read once the set-up has run. */
type Room = {
  readonly slice: Slice;
  readonly db: Db;
  readonly ada: ApiClient;
  readonly eve: ApiClient;
  readonly adaApp: string;
  readonly adaBusiness: string;
  readonly secondUrl: string;
};

/** Ada's stored idempotency records, and requests from the second replica. */
const recordTools = (room: Room) => ({
  /** Ada's stored record of `key`: the collection and the record's id. */
  async adaRecord(key: string) {
    const id = room.slice.app
      .get(IdempotencyService)
      .recordId(`user:${(await room.ada.get('/auth/user')).body.data._id}`, key);
    return { keys: room.db.collection('idempotencykeys'), id: id as never };
  },
  /** Ada's record of `key` as a request still running leaves it: pending, no answer, its lease ending `leaseMs` from now. */
  async leaveRunning(key: string, leaseMs: number) {
    const record = await recordTools(room).adaRecord(key);
    await record.keys.updateOne(
      { _id: record.id },
      { $set: { state: 'pending', expiresAt: new Date(Date.now() + leaseMs) }, $unset: { status: '', body: '' } },
    );
    return record;
  },
  /** The same browser (cookies) talking to the second replica. */
  onSecond(client: ApiClient, ip: string) {
    return client.sameBrowserAt(room.secondUrl, ip);
  },
});

/** What an account sends in the background (its email, its CRM lead), and an upload's form. */
const sentTools = (room: Room, pdf: () => Uint8Array) => {
  const mailsTo = async (address: string) => {
    const mails = (await (await fetch(`${room.slice.maildevUrl}/api/email`)).json()) as {
      to: { address: string }[];
    }[];
    return mails.filter((m) => m.to.some((t) => t.address.toLowerCase() === address)).length;
  };
  const leadsFor = (email: string) => room.slice.crm.records('Lead').filter((l) => l.Email === email).length;
  return {
    mailsTo,
    leadsFor,
    /**
     * The account's email is sent in the background: wait until it has come, then hold a window in which a
     * second email or a CRM lead (none comes before the emailed code is confirmed), were one sent, would come too.
     */
    async settle(email: string) {
      await until(
        () => mailsTo(email),
        (n) => n > 0,
      );
      await holdFor(1_000, 'a second email or a CRM lead, were one sent, would arrive within this window');
    },
    uploadForm(applicationId: string) {
      const form = new FormData();
      form.append('applicationId', applicationId);
      form.append('fileType', 'Voided Check');
      form.append('file', new Blob([pdf()], { type: 'application/pdf' }), 'check.pdf');
      return form;
    },
  };
};

/**
 * The set-up the idempotency spec files share: an api slice, a second api replica on the same database (as two
 * instances behind a load balancer), and two signed-up applicants, Ada and Eve.
 */
export function idempotencySlice() {
  const p: Parties = { secondUrl: '', adaApp: '', adaBusiness: '' };
  const hooks = sliceHooks({
    setUp: (slice) => setUpParties(slice, () => hooks.db, p),
    tearDown: async () => {
      await p.second?.close();
    },
  });
  const room: Room = {
    get slice() {
      return hooks.slice;
    },
    get db() {
      return hooks.db;
    },
    get ada() {
      return p.ada!;
    },
    get eve() {
      return p.eve!;
    },
    get adaApp() {
      return p.adaApp;
    },
    get adaBusiness() {
      return p.adaBusiness;
    },
    get secondUrl() {
      return p.secondUrl;
    },
  };
  return Object.assign(
    room,
    recordTools(room),
    sentTools(room, () => p.pdf!),
  );
}
