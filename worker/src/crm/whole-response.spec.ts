// Found by the load run (issue 15 item 4): a CRM response cut off after its headers killed the worker
// process (jsforce pipes the fetch body without an error listener). Through the real jsforce and a fault
// proxy in front of the CRM stand-in: a truncated or reset answer fails that one request, the process
// carries on, and the next request succeeds.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startCrmStandin, type CrmStandin } from '../../../sandbox/src';
import { startFaultProxy, type FaultProxy } from '../../../test-support/fault-proxy';
import { freePorts } from '../../../test-support/free-port';
import { connectCrm } from './crm.connection';

delete process.env.HTTP_PROXY;
delete process.env.HTTPS_PROXY;
delete process.env.http_proxy;
delete process.env.https_proxy;

let crm: CrmStandin;
let proxy: FaultProxy;
const uncaught: unknown[] = [];
const onUncaught = (e: unknown) => void uncaught.push(e);

beforeAll(async () => {
  // The CRM answers the proxy's address as its instance_url, so every jsforce call passes the proxy.
  const [crmPort] = await freePorts(1);
  proxy = await startFaultProxy(`http://127.0.0.1:${crmPort}`, { name: 'crm' });
  crm = await startCrmStandin({
    port: crmPort!,
    clientId: 'wr-spec',
    clientSecret: 'wr-spec-secret',
    publicUrl: proxy.url,
  });
  process.on('uncaughtException', onUncaught);
});
afterAll(async () => {
  process.off('uncaughtException', onUncaught);
  await proxy.close();
  await crm.close();
});

it.each(['truncate', 'reset'] as const)(
  'a %s answer fails the request, not the process',
  async (kind) => {
    const conn = await connectCrm({
      SF_LOGIN_URL: proxy.url,
      SF_CLIENT_ID: 'wr-spec',
      SF_CLIENT_SECRET: 'wr-spec-secret',
      SF_API_VERSION: '59.0',
    });
    // More than jsforce's own retries, so the request really fails.
    proxy.inject({ method: 'GET', path: /\/query/ }, { kind }, 20);
    await expect(conn.query('SELECT Id FROM Lead')).rejects.toThrow();
    expect(proxy.armed()).toBe(1);
    await new Promise((r) => setTimeout(r, 200));
    expect(uncaught).toEqual([]);
    // The connection still works.
    proxy.clear();
    await expect(conn.query('SELECT Id FROM Lead')).resolves.toMatchObject({ done: true });
  },
  15_000,
);
