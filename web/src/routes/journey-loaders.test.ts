/**
 * What each journey page's loader asks the api for before the page shows: its own answers, and nothing the
 * page's code already has. The network is stubbed at fetch; the loaders, the http client and the cache are
 * the real ones.
 */
import { QueryClient } from '@tanstack/react-query';
import { expect, it } from 'vitest';
import { json, stubFetch } from '../lib/fetch-stub.test-support';
import { applicantAt, businessOf } from '../lib/journey/journey-page.test-support';
import { sessionQueryOptions } from '../lib/session';
import { journeyLoaders } from './journey-loaders';

const net = stubFetch();

it('/business reads the business only: the industry pick-list is the table its rules carry, never read', async () => {
  const qc = new QueryClient();
  qc.setQueryData(
    sessionQueryOptions().queryKey,
    applicantAt({ pageName: 'BUSINESS', pageStep: 1, path: '/business' }),
  );
  net.answers.push(() => json(200, businessOf()));
  await journeyLoaders['/business'](qc);
  expect(net.calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /api/business/application/app-1']);
});
