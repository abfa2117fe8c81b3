import { Connection } from 'jsforce';
import { installWholeResponses } from './whole-response';

export type CrmSettings = {
  SF_LOGIN_URL: string;
  SF_CLIENT_ID: string;
  SF_CLIENT_SECRET: string;
  SF_API_VERSION: string;
};

/**
 * A jsforce connection authorised with the OAuth client-credentials flow (what Salesforce recommends
 * for server integrations). The refresh function re-authorises on a 401, so an expired token heals itself.
 */
export async function connectCrm(s: CrmSettings): Promise<Connection> {
  // A response cut off mid-body must fail the request, not the process (whole-response.ts).
  installWholeResponses();
  const authorize = (c: Connection) => c.authorize({ grant_type: 'client_credentials' });
  const conn = new Connection({
    oauth2: { loginUrl: s.SF_LOGIN_URL, clientId: s.SF_CLIENT_ID, clientSecret: s.SF_CLIENT_SECRET },
    version: s.SF_API_VERSION,
    refreshFn: (c, callback) => {
      authorize(c).then(
        () => callback(null, c.accessToken ?? undefined),
        (e: Error) => callback(e),
      );
    },
  });
  await authorize(conn);
  return conn;
}
