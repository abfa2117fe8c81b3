import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { createActor } from 'xstate';
import { SUBMISSION_STEPS, type DbUser } from '@portal/libs';
import type { BusinessView, OwnerSetView } from './journey-api';
import { Loading } from '../../components/ui/loading';
import { sessionQueryOptions } from '../session';
import { journeyMachine } from './journey.machine';
import { heldJourney, JourneyContext } from './use-journey';
import { hydrateEvent } from './journey-answers';
import { asPosition, isBefore } from './journey-routes';

type Stage = DbUser['applications'][number]['stage'];
const STATEMENTS = asPosition(SUBMISSION_STEPS.statements);

/** Ada, signed in, with one application (app-1) at `stage`. */
export const applicantAt = (stage: Stage): DbUser => ({
  _id: 'u-1',
  email: 'ada@example.com',
  userName: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  // As the api answers it: only the statements' submission takes the journey past the bank statements.
  applications: [
    {
      _id: 'app-1',
      applicationStatus: 'Created',
      statementsSubmitted: isBefore(STATEMENTS, asPosition(stage)),
      stage,
    },
  ],
});

/**
 * Renders a journey page as its route shows it: the user's session in the query cache, the journey
 * hydrated at their application, and a Suspense boundary (`fallback`) while the page's data loads.
 */
export function renderJourneyPage(page: ReactNode, user: DbUser, fallback: ReactNode = <Loading />) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(sessionQueryOptions().queryKey, user);
  const journey = createActor(journeyMachine).start();
  journey.send(hydrateEvent(user.applications[0]!));
  render(
    <QueryClientProvider client={queryClient}>
      <JourneyContext.Provider value={heldJourney(journey)}>
        <Suspense fallback={fallback}>{page}</Suspense>
      </JourneyContext.Provider>
    </QueryClientProvider>,
  );
  return { queryClient, journey };
}

/** app-1's owner set (os-1) before any owner is saved. */
export const NO_OWNERS: OwnerSetView = {
  _id: 'os-1',
  applicationId: 'app-1',
  businessId: 'b-1',
  owners: [],
  sameAsBusinessInfo: false,
};

/** app-1's business (b-1) with the contact and address the owners' page copies; `over` sets what a test needs. */
export const businessOf = (over: Partial<BusinessView> = {}): BusinessView => ({
  _id: 'b-1',
  applicationId: 'app-1',
  businessEmail: 'office@example.com',
  phoneNumber: '(212) 555-0101',
  addressData: { address: '1 Main St', city: 'Springfield', state: 'IL', zip: '62701', country: 'US' },
  ...over,
});
