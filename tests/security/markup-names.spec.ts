// Markup in a name (a person's, the business's, its trade name) is refused with the form's
// own words, at sign-up and on the business step: such a name would reach the CRM, email subjects and the PDF.
import { describe, expect, it } from 'vitest';
import { applicantFor, type Answer } from '../support/api-client';
import { DETAILS_ANSWERS } from '../support/journey';
import { HostileClient, endOfFileChecks, signedInApplicant, tally } from './support';

endOfFileChecks(__filename);

const MARKUP = 'Please remove the < and > characters';

function refused(res: Answer, field: string) {
  if (res.status < 400) tally.invalidAccepted++;
  expect(res.status).toBe(400);
  expect(res.body.data.fields[field]).toBe(MARKUP);
}

describe('names with markup', () => {
  it('are refused at sign-up', async () => {
    const c = new HostileClient();
    refused(
      await c.post('/auth/register', {
        ...applicantFor('sec-markup-1'),
        businessName: '<img src=x onerror=alert(1)> Bakery',
      }),
      'businessName',
    );
    refused(await c.post('/auth/register', { ...applicantFor('sec-markup-2'), firstName: '<b>Ada</b>' }), 'firstName');
  });

  it('are refused on the business step, the trade name included', async () => {
    const { client, applicationId } = await signedInApplicant('sec-markup-3');
    const businessId = (await client.get(`/business/application/${applicationId}`)).body._id as string;
    refused(
      await client.patch(`/business/${businessId}`, { ...DETAILS_ANSWERS, dbaName: '"><script>alert(1)</script>' }),
      'dbaName',
    );
  });
});
