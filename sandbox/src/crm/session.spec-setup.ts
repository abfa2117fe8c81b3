import { startCrmStandin, type CrmStandin } from './server';

/**
 * A stand-in of a spec's own and a session on it, signed in with client credentials as jsforce signs in, for
 * specs that speak to it over plain HTTP (what Salesforce answers on the wire).
 */
export async function standinWithSession(): Promise<{ crm: CrmStandin; token: string }> {
  delete process.env.HTTP_PROXY;
  delete process.env.http_proxy;
  const crm = await startCrmStandin({ port: 0, clientId: 'c', clientSecret: 's' });
  const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: 'c', client_secret: 's' });
  const res = await fetch(`${crm.url}/services/oauth2/token`, { method: 'POST', body: form });
  return { crm, token: ((await res.json()) as { access_token: string }).access_token };
}
