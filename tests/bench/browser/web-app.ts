// The web app's own modules, loaded into the browser driver: every request the journey makes is built by
// them (paths, bodies, Idempotency-Keys, XSRF, retries), every page's reads are its route's loader, and every
// stage move is the journey machine's. Loaded after the browser globals and the resolve hook are in place.
import './web-hooks.ts';
import type * as Account from '../../../web/src/lib/account-api.ts';
import type * as Session from '../../../web/src/lib/session.ts';
import type * as Loaders from '../../../web/src/routes/journey-loaders.ts';
import type * as Status from '../../../web/src/features/status/status-api.ts';
import type * as Actor from '../../../web/src/lib/journey/journey-actor.ts';
import type * as Answers from '../../../web/src/lib/journey/journey-answers.ts';
import type * as JourneyApi from '../../../web/src/lib/journey/journey-api.ts';
import type * as Documents from '../../../web/src/lib/documents-api.ts';
import type * as Bank from '../../../web/src/features/documents/bank-api.ts';
import type * as Signature from '../../../web/src/features/journey/signature-api.ts';
import type * as Storage from '../../../web/src/lib/storage.ts';
import type * as Offers from '../../../web/src/features/offers/offers-api.ts';
import type * as Drafts from '../../../web/src/lib/drafts.ts';

const web = <T>(path: string) => import(new URL(`../../../web/src/${path}`, import.meta.url).href) as Promise<T>;

export async function loadWebApp() {
  return {
    account: await web<typeof Account>('lib/account-api.ts'),
    session: await web<typeof Session>('lib/session.ts'),
    loaders: await web<typeof Loaders>('routes/journey-loaders.ts'),
    status: await web<typeof Status>('features/status/status-api.ts'),
    actor: await web<typeof Actor>('lib/journey/journey-actor.ts'),
    answers: await web<typeof Answers>('lib/journey/journey-answers.ts'),
    journeyApi: await web<typeof JourneyApi>('lib/journey/journey-api.ts'),
    documents: await web<typeof Documents>('lib/documents-api.ts'),
    bank: await web<typeof Bank>('features/documents/bank-api.ts'),
    signature: await web<typeof Signature>('features/journey/signature-api.ts'),
    storage: await web<typeof Storage>('lib/storage.ts'),
    offers: await web<typeof Offers>('features/offers/offers-api.ts'),
    drafts: await web<typeof Drafts>('lib/drafts.ts'),
  };
}
export type WebApp = Awaited<ReturnType<typeof loadWebApp>>;
