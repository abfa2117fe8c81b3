import { useSuspenseQuery } from '@tanstack/react-query';
import { useApplication } from '../../lib/session';
import { BusinessDetailsForm } from './business-details-form';
import { BusinessQuestionForm } from './business-question-form';
import { businessQueryOptions } from '../../lib/journey/journey-api';
import { useJourney } from '../../lib/journey/use-journey';

/** '/business': the start question (step 1), then the business details (step 2). */
export function BusinessPage() {
  const app = useApplication();
  const { data: business } = useSuspenseQuery(businessQueryOptions(app._id));
  const { step } = useJourney();
  return step === 1 ? (
    <BusinessQuestionForm business={business} />
  ) : (
    <BusinessDetailsForm key={business._id} business={business} />
  );
}
