// Item 5: whole journeys. Applicants go from sign-up to a submitted application through the api as the
// browser does (test-support's client and answers), `concurrency` at a time, with the local stand-ins
// (CRM, e-signature, offer service, SMTP, S3) answering at once. Each api call is timed as a step.
import { readFileSync } from 'node:fs';
import { PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import { ApiClient, TEST_PASSWORD, applicantFor, codeFromMail } from '../support/api-client.ts';
import { isSendAgain, RETRY_DELAYS_MS } from '@portal/libs';
import { ownerAnswers, saveAnswers } from '../support/journey.ts';

export type JourneyResult = {
  journeys: number;
  failures: string[];
  wallSeconds: number;
  /** Step name → the durations (ms) of its api calls. */
  steps: Record<string, number[]>;
  /** Every api call: its step, and when it was sent and answered (ms since the epoch), for orchestration.ts. */
  calls: TimedCall[];
  /** Time spent waiting for work the api does in the background (mailed code, signature status). */
  waitsMs: number[];
  /** Step name → how many of its calls the server asked to be sent again (TRY_AGAIN, in progress). */
  retries: Record<string, number>;
  /** The applications of the journeys that reached submission, in that order (item 5 reads their workflows). */
  applicationIds: string[];
  /** Each of those applicants' signed-in client, in the same order (the status item reads on as them). */
  clients: ApiClient[];
};

export type TimedCall = { step: string; start: number; end: number };
const epochMs = () => performance.timeOrigin + performance.now();

const SIGN_UP_PATHS = ['/auth/register', '/auth/confirm-signup'];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A client that times every call under the step name it is given. Like the web app (web/src/lib/http.ts,
 * with its RETRY_DELAYS_MS and isSendAgain), it sends each action with an Idempotency-Key and sends it again when the server kept
 * no answer (503 TRY_AGAIN when its database was busy, 409 while the same request still runs); the
 * call's time is the whole wait, retries included, and the retries are counted.
 */
class TimedClient extends ApiClient {
  step = 'other';
  private readonly record: (step: string, start: number, end: number) => void;
  private readonly retried: (step: string) => void;
  constructor(
    base: string,
    ip: string,
    record: (step: string, start: number, end: number) => void,
    retried: (step: string) => void,
  ) {
    super(base, ip);
    this.record = record;
    this.retried = retried;
    this.idempotencyKeys = true;
  }
  override async call(method: string, path: string, body?: unknown, extra: Record<string, string> = {}) {
    const started = epochMs();
    let answer = await super.call(method, path, body, extra);
    for (const delay of method === 'GET' ? [] : RETRY_DELAYS_MS) {
      if (!isSendAgain((answer.body as { data?: { code?: string } } | undefined)?.data?.code)) break;
      this.retried(this.step);
      await sleep(Math.max(delay, Number(answer.headers.get('retry-after') ?? 0) * 1000));
      answer = await super.call(method, path, body, extra);
    }
    // The sign-up's password check busy (429, 'try again in N seconds'): the applicant presses again.
    for (let k = 0; k < 10 && answer.status === 429 && SIGN_UP_PATHS.includes(path); k++) {
      this.retried(this.step);
      await sleep(Number(answer.headers.get('retry-after') ?? 2) * 1000);
      answer = await super.call(method, path, body, extra);
    }
    this.record(this.step, started, epochMs());
    return answer;
  }
}

export async function runJourneys(opts: {
  api: string;
  maildev: string;
  count: number;
  concurrency: number;
  /** Called as each journey ends, with how many have. */
  finished?: (count: number) => void;
  tag: string;
  statement: Uint8Array;
}): Promise<JourneyResult> {
  const steps: Record<string, number[]> = {};
  const calls: TimedCall[] = [];
  const waitsMs: number[] = [];
  const failures: string[] = [];
  const retries: Record<string, number> = {};
  const applicationIds: string[] = [];
  const clients: ApiClient[] = [];
  const record = (step: string, start: number, end: number) => {
    (steps[step] ??= []).push(end - start);
    calls.push({ step, start, end });
  };
  const expect = (what: string, status: number, want = 200, body?: unknown) => {
    if (status !== want)
      throw new Error(`${what} answered ${status}${body ? ` ${JSON.stringify(body).slice(0, 200)}` : ''}`);
  };

  async function journey(i: number) {
    const tag = `${opts.tag}${i}`;
    const email = `${tag}@example.com`;
    const c = new TimedClient(
      `${opts.api}/api`,
      `10.${90 + Math.floor(i / 65025)}.${Math.floor(i / 255) % 255}.${(i % 255) + 1}`,
      record,
      (step) => (retries[step] = (retries[step] ?? 0) + 1),
    );
    c.step = 'sign-up';
    const since = new Date();
    expect('register', (await c.post('/auth/register', applicantFor(tag))).status, 201);
    let waited = performance.now();
    // This address's mail only: the driver's and maildev's cost per journey stays flat as the inbox fills.
    const code = await codeFromMail(opts.maildev, email, since, 'confirmation', 60_000, true);
    waitsMs.push(performance.now() - waited);
    c.step = 'confirm';
    expect(
      'confirm',
      (await c.post('/auth/confirm-signup', { username: email, password: TEST_PASSWORD, code })).status,
    );
    c.step = 'read user';
    const mine = (await c.get('/auth/user')).body.data.applications[0] as {
      _id: string;
      stage: { pageName: string; pageStep: number };
    };
    const applicationId = mine._id;
    // Where the journey stands, as the web app keeps it: from the user's answer, then from each move's
    // (a move names where it starts; the web app reads no GET /stage before one).
    let at = { pageName: mine.stage.pageName, pageStep: mine.stage.pageStep };
    const next = async () => {
      const moved = await c.post(`/stage/${applicationId}/next`, { from: at });
      expect('stage move', moved.status);
      at = { pageName: moved.body.pageName as string, pageStep: moved.body.pageStep as number };
    };
    c.step = 'answers (business and owners)';
    await saveAnswers(c, applicationId, [ownerAnswers(email)]);
    c.step = 'stage move';
    for (let k = 0; k < 4; k++) await next();
    c.step = 'signature start';
    const signing = await c.post('/box/sign', { applicationId });
    expect('box/sign', signing.status);
    const { id, signers } = signing.body.data as { id: string; signers: { embedUrl: string }[] };
    // The signer signs at the e-signature stand-in (not an api call).
    await fetch(signers[0]!.embedUrl, {
      method: 'POST',
      body: new URLSearchParams({ decision: 'signed' }),
      // The applicant's own click, not a call of the portal's: the stand-in leaves it out of its timing.
      headers: { 'x-bench-client': 'signer' },
      redirect: 'manual',
    });
    waited = performance.now();
    c.step = 'signature status';
    // At the web app's cadence (signature-page.tsx waitForSignature: one GET a second, 90 at most): each
    // poll is a workflow query, and the 100 ms the bench used before asked 5 to 10 times per journey.
    let signed: { signed: boolean; stage?: { pageName: string; pageStep: number } };
    for (let k = 0; ; k++) {
      signed = (await c.get(`/box/${id}`)).body.data;
      if (signed.signed === true) break;
      if (k >= 90) throw new Error('signature not seen in 90 s');
      await sleep(1000);
    }
    waitsMs.push(performance.now() - waited);
    // The workflow moved the journey on when it heard the signature (the read says where); a run that did
    // not (still on the signature) is moved, as the web app does.
    if (signed.stage && signed.stage.pageName !== 'SIGNATURE')
      at = { pageName: signed.stage.pageName, pageStep: signed.stage.pageStep };
    else {
      c.step = 'stage move';
      await next();
    }
    c.step = 'upload statement';
    for (const monthLabel of ['September 2026', 'October 2026']) {
      const up = await c.upload(
        '/file/s3',
        { applicationId, fileType: 'Bank Statement', monthLabel },
        { name: 'statement.pdf', type: 'application/pdf', bytes: opts.statement },
      );
      expect('upload', up.status, 201, up.body);
    }
    c.step = 'submit statements';
    expect('submit-statements', (await c.post(`/application/${applicationId}/submit-statements`)).status);
    c.step = 'price offers';
    const offer = await c.post('/offer', { applicationId });
    expect('offer', offer.status);
    c.step = 'select offer';
    expect('select', (await c.patch(`/offer/${offer.body.data._id}`, { applicationId, selectedId: 'std-12' })).status);
    c.step = 'upload voided check';
    const check = await c.upload(
      '/file/s3',
      { applicationId, fileType: 'Voided Check' },
      { name: 'check.pdf', type: 'application/pdf', bytes: opts.statement },
    );
    expect('voided check', check.status, 201, check.body);
    c.step = 'submit application';
    const done = await c.post(`/application/${applicationId}/submit-application`, {
      voidedCheck: 'uploaded',
      driversLicense: 'notAvailable',
    });
    expect('submit-application', done.status);
    applicationIds.push(applicationId);
    clients.push(c);
  }

  const started = performance.now();
  let next = 0;
  let finished = 0;
  await Promise.all(
    Array.from({ length: opts.concurrency }, async () => {
      for (let i = next++; i < opts.count; i = next++) {
        try {
          await journey(i);
        } catch (e) {
          failures.push(`journey ${i}: ${(e as Error).message}`);
        }
        opts.finished?.(++finished);
      }
    }),
  );
  return {
    journeys: opts.count,
    failures,
    wallSeconds: (performance.now() - started) / 1000,
    steps,
    calls,
    waitsMs,
    retries,
    applicationIds,
    clients,
  };
}

/** Resident memory of a process, in MiB (Linux /proc). */
export function rssMiB(pid: number | undefined): number {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/**
 * Item 6's file: a one-page PDF carrying `mb` megabytes of incompressible data in a stream (as a scanned
 * statement's images are), so neither compression nor the PDF checks make it cheaper than a real one.
 */
export async function bigPdf(mb: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  page.drawText('Business checking statement (scanned)', {
    x: 72,
    y: 700,
    size: 12,
    font: await doc.embedFont(StandardFonts.Helvetica),
  });
  const data = new Uint8Array(mb * 1024 * 1024);
  for (let i = 0; i < data.length; i += 65536) crypto.getRandomValues(data.subarray(i, i + 65536));
  const ref = doc.context.register(doc.context.stream(data, {}));
  doc.catalog.set(PDFName.of('PieceInfo'), ref);
  return doc.save({ useObjectStreams: false });
}

/** Samples a process's resident memory every 50 ms while `f` runs: the peak, in MiB. */
export async function peakRss<T>(pid: number | undefined, f: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = rssMiB(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssMiB(pid))), 50);
  try {
    const result = await f();
    return { result, peak: Math.max(peak, rssMiB(pid)) };
  } finally {
    clearInterval(timer);
  }
}

/**
 * The API calls the CRM stand-in has served so far (its `/__admin/calls`): each counts against a Salesforce
 * org's daily API allowance, which capacity.md sizes from the calls per application.
 */
export async function crmApiCalls(port: number): Promise<CrmCalls> {
  return (await (await fetch(`http://127.0.0.1:${port}/__admin/calls`)).json()) as CrmCalls;
}

export type CrmCalls = { apiCalls: number; byRoute: Record<string, number> };

/** The CRM calls made between two reads, per application: in all, and by route ("PATCH .../Lead/:id ×5.0"). */
export function crmCallsEach(before: CrmCalls, after: CrmCalls, applications: number) {
  const n = Math.max(1, applications);
  const routes = Object.entries(after.byRoute)
    .map(([route, calls]) => [route, (calls - (before.byRoute[route] ?? 0)) / n] as const)
    .filter(([, each]) => each > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([route, each]) => `${route} ×${each.toFixed(1)}`);
  return { each: (after.apiCalls - before.apiCalls) / n, routes };
}
