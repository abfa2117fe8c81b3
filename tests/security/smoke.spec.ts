import { describe, expect, it } from 'vitest';
import { HostileClient, endOfFileChecks, signedInApplicant } from './support';

endOfFileChecks(__filename);

describe('security suite scaffolding', () => {
  it('reaches the api from its own loopback address and signs an applicant in', async () => {
    const c = new HostileClient();
    expect((await c.get('/health')).status).toBe(200);
    const a = await signedInApplicant('sec-smoke');
    expect(a.applicationId).toMatch(/^[a-f0-9]{24}$/);
  });
});
