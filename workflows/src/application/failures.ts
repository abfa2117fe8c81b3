import { ApplicationFailure } from '@temporalio/common';
import { JOURNEY_ERRORS, type JourneyErrorCode } from '@portal/libs';

/** A refusal the applicant sees: its type is the code the api answers and the web matches on. */
export const journeyFailure = (code: JourneyErrorCode): ApplicationFailure =>
  ApplicationFailure.create({ type: code, message: JOURNEY_ERRORS[code].message, nonRetryable: true });
