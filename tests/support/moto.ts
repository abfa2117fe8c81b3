// A moto server of its own for a test file, with IAM enforced: the first calls (unauthenticated, by
// moto's INITIAL_NO_AUTH_ACTION_COUNT) make an administrator; every later call is checked against the
// caller's IAM policies, as AWS checks a worker role.
import { createHash, createHmac } from 'node:crypto';
import { SignatureV4 } from '@smithy/signature-v4';
import { startService, stopAll, tcpOpen, type Running } from '../../stack/processes.ts';
import { motoSpec } from '../../stack/stack.ts';
import { freePorts } from './free-port.ts';

export type Keys = { accessKeyId: string; secretAccessKey: string };

/** SHA-256 for the SigV4 signer, from node:crypto. */
class Sha256 {
  private readonly h;
  constructor(secret?: string | Uint8Array) {
    this.h = secret ? createHmac('sha256', secret) : createHash('sha256');
  }
  update(data: string | Uint8Array) {
    this.h.update(data);
  }
  digest() {
    return Promise.resolve(new Uint8Array(this.h.digest()));
  }
}

export async function startMotoWithIam() {
  const [port] = await freePorts(1);
  const url = `http://127.0.0.1:${port}`;
  // Three calls go unauthenticated: CreateUser, PutUserPolicy, CreateAccessKey of the administrator
  // (the bucket the readiness check creates is the fourth: it needs the administrator's key, so none here).
  const spec = motoSpec(port!, { INITIAL_NO_AUTH_ACTION_COUNT: '3' });
  spec.ready = () => tcpOpen(port!); // no request: it would use up one of the unauthenticated calls
  const running: Running = await startService(spec);

  async function iam(
    params: Record<string, string>,
    keys: Keys = { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'x' },
  ) {
    const body = new URLSearchParams({ ...params, Version: '2010-05-08' }).toString();
    const signer = new SignatureV4({ service: 'iam', region: 'us-east-1', credentials: keys, sha256: Sha256 });
    const signed = await signer.sign({
      method: 'POST',
      protocol: 'http:',
      hostname: '127.0.0.1',
      port,
      path: '/',
      headers: { host: `127.0.0.1:${port}`, 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    const res = await fetch(`${url}/`, { method: 'POST', headers: signed.headers, body });
    const text = await res.text();
    if (!res.ok) throw new Error(`IAM ${params.Action}: ${res.status} ${text}`);
    return text;
  }
  const keyOf = (xml: string): Keys => ({
    accessKeyId: /<AccessKeyId>(.+?)</.exec(xml)![1]!,
    secretAccessKey: /<SecretAccessKey>(.+?)</.exec(xml)![1]!,
  });
  /** A user whose only rights are these S3 actions, and its access key. */
  async function userWith(name: string, actions: string[], admin: Keys): Promise<Keys> {
    await iam({ Action: 'CreateUser', UserName: name }, admin);
    const policy = { Version: '2012-10-17', Statement: [{ Effect: 'Allow', Action: actions, Resource: '*' }] };
    await iam(
      { Action: 'PutUserPolicy', UserName: name, PolicyName: 'rights', PolicyDocument: JSON.stringify(policy) },
      admin,
    );
    return keyOf(await iam({ Action: 'CreateAccessKey', UserName: name }, admin));
  }

  await iam({ Action: 'CreateUser', UserName: 'admin' });
  const all = { Version: '2012-10-17', Statement: [{ Effect: 'Allow', Action: '*', Resource: '*' }] };
  await iam({ Action: 'PutUserPolicy', UserName: 'admin', PolicyName: 'all', PolicyDocument: JSON.stringify(all) });
  const admin = keyOf(await iam({ Action: 'CreateAccessKey', UserName: 'admin' }));
  return { url, admin, userWith, close: () => stopAll([running]) };
}
