// Uploads built to hold the api's shared upload resources (its two inspection
// threads, its S3 sockets) must not stall another applicant. Each attack runs while another applicant
// uploads a one-page voided check; its time goes into the report (otherUploadMs, goal under 1 s).
import { request, type ClientRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onePagePdf, slowTextPdf } from '../support/pdf-fixtures';
import { holdFor } from '../support/until';
import { OTHER_UPLOAD_GOAL_MS, otherUploadMs } from './tally';
import {
  apiUrl,
  atDocumentsStage,
  endOfFileChecks,
  freshAddress,
  signedInApplicant,
  tally,
  type HostileClient,
} from './support';

endOfFileChecks(__filename);

const BOUNDARY = '----sec-starvation-boundary';
/** How long the other applicant's upload is waited for: past it the attack has won (on main: 47 s, or never). */
const GIVE_UP_MS = 5_000;
/**
 * Accounts one attacker makes from one address (sign-ups allow 20 an hour there), each sending as many
 * slow statements as its turns let through: one FIFO queue shared by applicants kept another applicant's
 * upload 12.7 - 16.1 s behind 4 of them, and 43 s behind 14.
 */
const SELF_MADE = 14;

type Applicant = Awaited<ReturnType<typeof signedInApplicant>>;
let attacker: Applicant;
let other: Applicant;
/** The accounts one attacker made from one address (made here: their sign-ups' work is over before any attack). */
let made: Applicant[];

beforeAll(async () => {
  const address = freshAddress();
  [attacker, other, ...made] = await Promise.all([
    signedInApplicant('sec-starve-attacker'),
    signedInApplicant('sec-starve-other'),
    ...Array.from({ length: SELF_MADE }, (_, i) => signedInApplicant(`sec-starve-made-${i}`, {}, address)),
  ]);
  // Each document is taken only at the step that asks for it: all at the final documents.
  await Promise.all([attacker, other, ...made].map((a) => atDocumentsStage(a.applicationId)));
});

/** A multipart form as browsers write it: the fields, then the file. */
function form(fields: Record<string, string>, file: Uint8Array): Buffer {
  const head = Object.entries(fields)
    .map(([k, v]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    .join('');
  return Buffer.concat([
    Buffer.from(
      `${head}--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="statement.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n',
    ),
    Buffer.from(file),
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

type Answer = { status: number; body: { data?: { message?: string; advice?: unknown } }; retryAfter?: string };

/**
 * One upload from the client's own address, with its session: the whole body at once, or its first
 * `trickle.first` bytes and then one byte every `trickle.everyMs`. `req` aborts it.
 */
function post(client: HostileClient, body: Buffer, trickle?: { first: number; everyMs: number }) {
  const url = new URL(`${apiUrl()}/file/s3`);
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ');
  let timer: NodeJS.Timeout | undefined;
  const req: ClientRequest = request({
    host: url.hostname,
    port: url.port,
    path: url.pathname,
    method: 'POST',
    localAddress: client.address,
    agent: false,
    headers: {
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      'content-length': String(body.length),
      cookie,
      'x-xsrf-token': client.cookies.get('XSRF-TOKEN') ?? '',
    },
  });
  tally.requests++;
  const answer = new Promise<Answer | undefined>((resolve) => {
    req.on('error', () => resolve(undefined));
    req.on('close', () => clearInterval(timer));
    req.on('response', (res) => {
      clearInterval(timer);
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        if (res.statusCode! >= 500 && res.statusCode !== 503) tally.serverErrors++;
        const text = Buffer.concat(chunks).toString();
        resolve({
          status: res.statusCode!,
          body: text ? (JSON.parse(text) as Answer['body']) : {},
          retryAfter: res.headers['retry-after'],
        });
      });
      res.on('error', () => resolve(undefined));
    });
  });
  if (!trickle) req.end(body);
  else {
    let at = trickle.first;
    req.write(body.subarray(0, at));
    timer = setInterval(() => {
      if (at < body.length - 1) req.write(body.subarray(at, ++at));
    }, trickle.everyMs);
  }
  return { req, answer };
}

/** The other applicant's one-page voided check: its time, or GIVE_UP_MS when it did not come back by then. */
async function otherUpload(attack: string): Promise<number> {
  const fields = { applicationId: other.applicationId, fileType: 'Voided Check' };
  const started = Date.now();
  const upload = post(other.client, form(fields, await onePagePdf()));
  const answer = await Promise.race([upload.answer, holdFor(GIVE_UP_MS, 'the most the other upload is given')]);
  const ms = Date.now() - started;
  if (!answer) upload.req.destroy();
  else expect(answer.status).toBe(201);
  otherUploadMs[attack] = answer ? ms : GIVE_UP_MS;
  return otherUploadMs[attack];
}

describe('uploads that stall everyone else', () => {
  const attacks: ReturnType<typeof post>[] = [];
  afterAll(() => attacks.forEach((a) => a.req.destroy()));

  it('12 parallel 1 kB statements slow to read keep another applicant’s upload under 1 s; kept as unreadable, or 429/503 with Retry-After', async () => {
    const fields = { applicationId: attacker.applicationId, fileType: 'Bank Statement', monthLabel: 'October 2026' };
    const slow = form(fields, slowTextPdf());
    const mine = Array.from({ length: 12 }, () => post(attacker.client, slow));
    attacks.push(...mine);
    await holdFor(500, 'the statements reach the inspection queue and fill it');
    expect(await otherUpload('12 slow statements')).toBeLessThan(OTHER_UPLOAD_GOAL_MS);
    // The first statement is kept within the inspection budget, with the advice the web shows amber.
    const first = await Promise.race(mine.map((m) => m.answer));
    expect(first?.status).toBe(201);
    expect(first?.body.data?.advice).toEqual([{ code: 'unreadable' }]);
    // Whatever was not let in was told when to come back.
    const refused = (
      await Promise.race([Promise.all(mine.map((m) => m.answer)), holdFor(1_000, 'answers so far')])
    )?.filter((a) => a && a.status !== 201);
    for (const a of refused ?? []) {
      expect([429, 503]).toContain(a!.status);
      expect(Number(a!.retryAfter)).toBeGreaterThan(0);
    }
    mine.forEach((m) => m.req.destroy());
  });

  it(`${SELF_MADE} applicants made from one address, 3 slow statements each, keep another applicant’s upload under 1 s`, async () => {
    const mine = made.flatMap((a) => {
      const fields = { applicationId: a.applicationId, fileType: 'Bank Statement', monthLabel: 'October 2026' };
      return Array.from({ length: 3 }, () => post(a.client, form(fields, slowTextPdf())));
    });
    attacks.push(...mine);
    await holdFor(500, 'the statements reach the inspection queue and fill what it lets them');
    expect(await otherUpload(`${SELF_MADE} applicants from one address`)).toBeLessThan(OTHER_UPLOAD_GOAL_MS);
    // The address's share of the queue is bounded: what it did not let in was told when to come back.
    const answered = await Promise.race([Promise.all(mine.map((m) => m.answer)), holdFor(1_000, 'answers so far')]);
    for (const a of answered ?? []) if (a && a.status !== 201) expect(Number(a.retryAfter)).toBeGreaterThan(0);
    mine.forEach((m) => m.req.destroy());
  }, 30_000);

  it('60 uploads trickling a byte every 2 s keep another applicant’s upload under 1 s, and a trickle is answered 408 within 25 s', async () => {
    const fields = { applicationId: attacker.applicationId, fileType: 'Voided Check' };
    const body = form(fields, Buffer.concat([Buffer.from(await onePagePdf()), Buffer.alloc(100_000, 0x20)]));
    // Past the fields and into the file: an api that starts its S3 put with the file holds a socket each.
    const trickles = Array.from({ length: 60 }, () => post(attacker.client, body, { first: 600, everyMs: 2_000 }));
    attacks.push(...trickles);
    await holdFor(4_000, 'the trickling uploads reach the api and start their files');
    expect(await otherUpload('60 trickling uploads')).toBeLessThan(OTHER_UPLOAD_GOAL_MS);
    const first = await Promise.race([...trickles.map((t) => t.answer), holdFor(25_000, 'the pace check')]);
    if (first?.status === 429) expect(Number(first.retryAfter)).toBeGreaterThan(0);
    // The ones let in are cut off for their pace (BODY_PACE), not kept for Node's 5 minutes.
    const paced = await Promise.race([
      Promise.any(trickles.map((t) => t.answer.then((a) => (a?.status === 408 ? a : Promise.reject(new Error()))))),
      holdFor(25_000, 'the pace check'),
    ]);
    expect(paced?.status).toBe(408);
    expect(paced?.body.data?.message).toBe(
      'The upload was too slow and was stopped. Please check your connection and try again.',
    );
    trickles.forEach((t) => t.req.destroy());
  }, 45_000);
});
