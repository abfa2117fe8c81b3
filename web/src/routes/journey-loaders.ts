import type { QueryClient } from '@tanstack/react-query';
import { documentsQueryOptions } from '../lib/documents-api';
import { offerQueryOptions } from '../features/offers/offers-api';
import { loadPhoneLibrary } from '../lib/phone';
import { ensureApplication } from '../lib/session';
import { businessQueryOptions, ownersQueryOptions } from '../lib/journey/journey-api';

/**
 * What each journey page reads, ensured before it renders: no page shows a form its answers can overwrite. The pages
 * with a phone field also wait for the phone library (lib/phone.ts), fetched beside their answers.
 */
export const journeyLoaders = {
  '/financial': async (qc: QueryClient) => {
    const app = await ensureApplication(qc);
    await qc.ensureQueryData(businessQueryOptions(app._id));
  },
  '/business': async (qc: QueryClient) => {
    const app = await ensureApplication(qc);
    // The industry pick-list is not read: it is the libs table the page's rules already carry.
    await Promise.all([qc.ensureQueryData(businessQueryOptions(app._id)), loadPhoneLibrary()]);
  },
  '/owners': async (qc: QueryClient) => {
    const app = await ensureApplication(qc);
    await Promise.all([
      qc.ensureQueryData(businessQueryOptions(app._id)),
      qc.ensureQueryData(ownersQueryOptions(app._id)),
      loadPhoneLibrary(),
    ]);
  },
  '/signature': async (qc: QueryClient) => void (await ensureApplication(qc)),
  '/bank-statements': async (qc: QueryClient) => {
    const app = await ensureApplication(qc);
    await Promise.all([
      qc.ensureQueryData(businessQueryOptions(app._id)),
      qc.ensureQueryData(documentsQueryOptions(app._id)),
    ]);
  },
  // The offers are calculated on arrival, in the page, under its own 'Calculating' text.
  '/offers': async (qc: QueryClient) => {
    const app = await ensureApplication(qc);
    if (app.applicationStatus !== 'Submitted') void qc.prefetchQuery(offerQueryOptions(app._id));
  },
  '/giggle-finance': async (qc: QueryClient) => void (await ensureApplication(qc)),
} as const;
