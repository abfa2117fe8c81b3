import { createHash, generateKeyPairSync, randomUUID, sign } from 'node:crypto';

/**
 * Webhooks signed as Plaid signs them: a JWT (ES256, P-256) in Plaid-Verification whose payload holds the
 * body's SHA-256 and iat; the key's public half is answered by /webhook_verification_key/get. The api
 * verifies each webhook, so the stand-in's must be verifiable the same way.
 */
export function webhookSigner() {
  const keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const kid = randomUUID();
  const createdAt = Math.floor(Date.now() / 1000);
  const signBody = (body: string, iat = Math.floor(Date.now() / 1000)) => {
    const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const signed = `${part({ alg: 'ES256', kid, typ: 'JWT' })}.${part({
      iat,
      request_body_sha256: createHash('sha256').update(body).digest('hex'),
    })}`;
    const signature = sign('sha256', Buffer.from(signed), { key: keys.privateKey, dsaEncoding: 'ieee-p1363' });
    return `${signed}.${signature.toString('base64url')}`;
  };
  /** The public key as /webhook_verification_key/get answers it. */
  const publicKey = () => {
    const { x, y } = keys.publicKey.export({ format: 'jwk' });
    return { alg: 'ES256', created_at: createdAt, crv: 'P-256', expired_at: null, kid, kty: 'EC', use: 'sig', x, y };
  };
  return { kid, sign: signBody, publicKey };
}

export type WebhookSigner = ReturnType<typeof webhookSigner>;

/**
 * Posts a signed webhook about an item to the address it was linked with. A receiver that is down loses
 * the webhook, as with Plaid: the api must cope without it.
 */
export async function notify(
  signer: WebhookSigner,
  item: { item_id: string; webhook?: string },
  fields: Record<string, unknown>,
) {
  if (!item.webhook) return;
  const body = JSON.stringify({ item_id: item.item_id, environment: 'sandbox', ...fields });
  await fetch(item.webhook, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'plaid-verification': signer.sign(body) },
    body,
  }).catch(() => undefined);
}
