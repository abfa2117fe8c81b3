// One applicant's journey as the browser makes it, page by page, in the order the web app runs: each page's
// route guard (the session, the journey machine hydrated and asked for the route) and loader, then what the
// page itself reads and writes, with the web's own modules (web-app.ts). Pages and their order are this
// file's script; every request is the web's code. A page load (the first visit, the return from the
// signer's page, a later visit) starts a fresh query cache and journey actor, as a browser tab's does.
import { QueryClient } from '@tanstack/react-query';
import { FILE_TYPES, statementMonths } from '@portal/libs';
import { waitFor } from 'xstate';
import { TEST_PASSWORD, applicantFor, codeFromMail } from '../../support/api-client.ts';
import { ownerAnswers, DETAILS_ANSWERS, FINANCIAL_ANSWERS, QUESTION_ANSWERS } from '../../support/journey.ts';
import type { Tab } from './tab.ts';
import type { WebApp } from './web-app.ts';

/** The app's query defaults (web/src/router.tsx QUERY_DEFAULTS, a module of components Node cannot load). */
const QUERY_DEFAULTS = { queries: { retry: false, refetchOnWindowFocus: false } } as const;
type JourneyPath = '/financial' | '/business' | '/owners' | '/signature' | '/bank-statements' | '/offers';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const withoutSection = ({ section: _, ...rest }: Record<string, unknown>) => rest;

/**
 * An action the applicant presses again when the page says to wait (429: the sign-up's password check is busy,
 * 'try again in N seconds'), as many times as a patient applicant would.
 */
async function pressAgain<T>(action: () => Promise<T>): Promise<T> {
  for (let k = 0; ; k++) {
    try {
      return await action();
    } catch (e) {
      const { status, message } = e as { status?: number; message?: string };
      if (status !== 429 || k >= 10) throw e;
      await sleep(1000 * Number(/:(\d+)$/.exec(message ?? '')?.[1] ?? 2));
    }
  }
}

export type Outcome = { applicationId: string; readable: boolean; waitsMs: number[] };

export function browserJourney(app: WebApp, opts: { maildev: string; statements: Map<string, Uint8Array> }) {
  const { account, session, loaders, actor, answers, journeyApi: j, documents, drafts, storage, offers } = app;

  /** A page load: the tab's query cache and journey actor start afresh. */
  function load(tab: Tab, path: string) {
    tab.at(path);
    return { tab, qc: new QueryClient({ defaultOptions: QUERY_DEFAULTS }), journey: actor.startJourney(() => {}) };
  }
  type Page = ReturnType<typeof load>;

  /** The router's guard for a journey page (router.tsx `guarded`), then the route's loader. */
  async function guarded(p: Page, path: JourneyPath) {
    p.tab.at(path);
    p.tab.step = path.slice(1);
    const user = await p.qc.ensureQueryData(session.sessionQueryOptions());
    p.journey.send(answers.hydrateEvent(session.applicationOf(user)));
    p.journey.send({ type: 'journey.visit', route: path });
    const route = p.journey.getSnapshot().context.route;
    if (route !== path) throw new Error(`the journey sent ${path} to ${route}`);
    await loaders.journeyLoaders[path](p.qc);
  }

  /** A page's event to the journey machine, and the move it asks of the server: where the journey goes. */
  async function send(p: Page, event: Parameters<Page['journey']['send']>[0]) {
    p.journey.send(event);
    const s = await waitFor(p.journey, (x) => x.matches('ready'), { timeout: 120_000 });
    if (s.context.error) throw new Error(`stage move: ${s.context.error}`);
    return s.context.route;
  }

  /**
   * A journey form: its draft read, one draft save as typing pauses, the save (sent once that draft save
   * has landed, as the page's `saving` waits for it; the api drops the draft with it), the move.
   */
  async function form(
    p: Page,
    applicationId: string,
    step: 'financial' | 'businessQuestion' | 'businessDetails' | 'owners',
    fields: Record<string, unknown>,
    save: () => Promise<unknown>,
  ) {
    const key = { applicationId, step };
    await p.qc.fetchQuery(drafts.draftQueryOptions(key));
    await drafts.draftsApi.save(key, fields);
    await save();
    return send(p, { type: 'journey.next', saved: step });
  }

  const upload = (
    applicationId: string,
    fileType: (typeof FILE_TYPES)[keyof typeof FILE_TYPES],
    name: string,
    bytes: Uint8Array,
    monthLabel?: string,
  ) =>
    documents.documentsApi.upload(applicationId, {
      fileType,
      file: new File([bytes], name, { type: 'application/pdf', lastModified: 1 }),
      monthLabel,
      onProgress: () => {},
    });

  /**
   * After the submission: a later visit to the booking view (/offers, the rep read) and the status page
   * (/status: its loader, then `polls` of its 30-second refresh, asked one after another: the ten minutes
   * are counted in polls, not waited).
   */
  async function after(tab: Tab, applicationId: string, polls: number) {
    let p = load(tab, '/offers');
    await guarded(p, '/offers');
    const opportunity = session.applicationOf(
      await p.qc.ensureQueryData(session.sessionQueryOptions()),
    ).sfOpportunityId;
    if (opportunity) await p.qc.fetchQuery(offers.repQueryOptions(opportunity));
    p = load(tab, '/status');
    tab.step = 'status';
    const user = await p.qc.ensureQueryData(session.sessionQueryOptions());
    p.journey.send(answers.hydrateEvent(session.applicationOf(user)));
    await app.status.statusLoader(p.qc);
    const progress = app.status.progressQueryOptions(applicationId);
    tab.step = 'status poll';
    for (let i = 0; i < polls; i++) await p.qc.fetchQuery({ ...progress, staleTime: 0 });
    return { opportunity: !!opportunity };
  }

  async function run(tab: Tab, tag: string): Promise<Outcome> {
    const email = `${tag}@example.com`;
    const waitsMs: number[] = [];
    // /sign-up, a first visit: its guard's session check (none yet), the registration and the mailed code.
    let p = load(tab, '/sign-up');
    tab.step = 'sign-up';
    await p.qc.ensureQueryData(session.sessionQueryOptions());
    const since = new Date();
    await pressAgain(() => account.accountApi.register({ ...applicantFor(tag), language: 'en' }));
    let t0 = performance.now();
    const code = await codeFromMail(opts.maildev, email, since, 'confirmation', 60_000, true);
    waitsMs.push(performance.now() - t0);
    const confirmed = await pressAgain(() => account.accountApi.confirmSignUp(email, TEST_PASSWORD, code));
    storage.storeUserName(confirmed.username);
    // The code's answer starts the session and carries its user (sign-up-page.tsx): no read of it after.
    const user = await session.startSession(p.qc, confirmed.data);
    const applicationId = session.applicationOf(user)._id;
    let path = session.resumePath(user) as JourneyPath;

    // /financial, /business (two steps), /owners: each its guard, loader, form.
    await guarded(p, path);
    const revisionOf = (v: unknown) => (v as { revision?: number }).revision;
    let business = await p.qc.ensureQueryData(j.businessQueryOptions(applicationId));
    const saveBusiness = async (section: 'financial' | 'question' | 'details', body: Record<string, unknown>) => {
      business = await j.journeyApi.saveBusiness(business._id, section, { ...body, revision: revisionOf(business) });
      p.qc.setQueryData(j.businessQueryOptions(applicationId).queryKey, business);
    };
    const fin = withoutSection(FINANCIAL_ANSWERS);
    path = (await form(p, applicationId, 'financial', fin, () => saveBusiness('financial', fin))) as JourneyPath;
    await guarded(p, path);
    const question = withoutSection(QUESTION_ANSWERS);
    await form(p, applicationId, 'businessQuestion', question, () => saveBusiness('question', question));
    const details = withoutSection(DETAILS_ANSWERS);
    path = (await form(p, applicationId, 'businessDetails', details, () =>
      saveBusiness('details', details),
    )) as JourneyPath;
    await guarded(p, path);
    const set = await p.qc.ensureQueryData(j.ownersQueryOptions(applicationId));
    const owners = [ownerAnswers(email)];
    path = (await form(p, applicationId, 'owners', { owners }, () =>
      j.journeyApi.saveOwners(set._id, { owners, sameAsBusinessInfo: false, revision: revisionOf(set) }),
    )) as JourneyPath;

    // /signature: the signing built, the browser sent to the signer's page, signed there, and back.
    await guarded(p, path);
    const signing = await app.signature.signatureApi.build(applicationId);
    storage.storeSignatureId(signing.id);
    tab.step = 'signer page';
    const embed = signing.signers[0]!.embedUrl!;
    await fetch(embed, { headers: { 'x-bench-client': 'signer' } }).then((r) => r.arrayBuffer());
    const decided = await fetch(embed, {
      method: 'POST',
      body: new URLSearchParams({ decision: 'signed' }),
      headers: { 'x-bench-client': 'signer' },
      redirect: 'manual',
    });
    const back = new URL(decided.headers.get('location') ?? '/signature?isFinished=true', 'http://portal.test');
    // The return to the portal: a page load (index.html's session check, the guard, the loader), then the
    // page waits for the server to hear the signature, one read a second (signature-page.tsx).
    p = load(tab, `${back.pathname}${back.search}`);
    await guarded(p, '/signature');
    t0 = performance.now();
    const id = storage.storedSignatureId() ?? signing.id;
    let signed: Awaited<ReturnType<typeof app.signature.signatureApi.build>>;
    for (let k = 0; ; k++) {
      signed = await p.qc.fetchQuery(app.signature.signingQueryOptions(id));
      if (signed.signed) break;
      if (k >= 90) throw new Error('signature not seen in 90 s');
      await sleep(1000);
    }
    waitsMs.push(performance.now() - t0);
    storage.clearSigning();
    // The workflow moved the journey on when it heard the signature: the page lands where the read says.
    path = (await send(p, answers.signedEvent(signed))) as JourneyPath;

    // /bank-statements: the months the business's state asks for, each uploaded into the page's list (the
    // upload's answer is the file as the list has it: use-slot-uploads.ts).
    await guarded(p, path);
    await p.qc.fetchQuery(app.bank.bankStatusQueryOptions(applicationId));
    const months = statementMonths(business.addressData?.state, new Date());
    for (const month of months) {
      const file = await upload(
        applicationId,
        FILE_TYPES.bankStatement,
        `statement-${month}.pdf`,
        opts.statements.get(month)!,
        month,
      );
      await documents.keepUploaded(p.qc, applicationId, file);
    }
    // Proceed counts the months on the page's list (every month there: not read again), and the submission
    // names the statements counted (bank-statements-page.tsx).
    const counted = p.qc.getQueryData(documents.documentsQueryOptions(applicationId).queryKey) ?? [];
    const submitted = await documents.documentsApi.submitStatements(applicationId, documents.statementIds(counted));
    storage.clearSigning();
    await documents.keepStatementsSubmitted(p.qc, applicationId, submitted);
    path = (await send(p, answers.statementsSubmittedEvent(submitted))) as JourneyPath;

    // /offers: priced on arrival, one picked, then the last documents and the submission.
    await guarded(p, path);
    await p.qc.fetchQuery(drafts.draftQueryOptions({ applicationId, step: 'offer' }));
    const offer = await p.qc.fetchQuery(offers.offerQueryOptions(applicationId));
    const pick = offer.offerOptions.find((o) => o.id === 'std-12') ?? offer.offerOptions[0]!;
    // The pick's save drops the page's draft on the api (no draft save was made: the pick is one click).
    await offers.offersApi.select(offer._id, applicationId, pick.id);
    await send(p, { type: 'journey.next', saved: 'offer' });
    // The last documents' list as the final step mounts (final-step.tsx: read again once half a minute old).
    await p.qc.fetchQuery(documents.documentsQueryOptions(applicationId));
    const check = await upload(
      applicationId,
      FILE_TYPES.voidedCheck,
      'check.pdf',
      opts.statements.values().next().value!,
    );
    await documents.keepUploaded(p.qc, applicationId, check);
    tab.step = 'submit';
    const answer = await offers.offersApi.submit(applicationId, {
      voidedCheck: 'uploaded',
      driversLicense: 'notAvailable',
    });
    await offers.keepSubmitted(p.qc, applicationId, answer);
    return { applicationId, readable: offer.affordability?.readable === true, waitsMs };
  }
  return { run, after };
}
