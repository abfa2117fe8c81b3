import { proxyActivities } from '@temporalio/workflow';
import { NON_RETRYABLE_ERRORS, type AffiliateCheck, type CrmActivities } from '../application/activities';

const { checkCrmAffiliate } = proxyActivities<CrmActivities>({
  // Someone is waiting on the answer: a few quick tries, then the api reports the CRM as unavailable.
  startToCloseTimeout: '10 seconds',
  retry: { initialInterval: '500 milliseconds', maximumAttempts: 3, nonRetryableErrorTypes: [...NON_RETRYABLE_ERRORS] },
});

/** GET account/account-status/{affiliateId}: reads the affiliate account's status from the CRM. */
export async function affiliateStatusWorkflow(affiliateId: string): Promise<AffiliateCheck> {
  return checkCrmAffiliate({ affiliateId });
}
