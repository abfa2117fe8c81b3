// What the local S3's front (s3-front.ts) checks of a request before moto sees it, as AWS checks it: the SigV4
// signature (header, presigned query, signed chunks), the body's integrity (Content-MD5, x-amz-content-sha256,
// x-amz-checksum-*), the KMS key an aws:kms put names; and the headers moto is given with a body that passed.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { crc32 } from 'node:zlib';

export type FrontOptions = {
  accessKeyId: string;
  secretAccessKey: string;
  /** Key ids, ARNs or aliases an aws:kms put may name. */
  kmsKeys: string[];
};

export type Refusal = { status: number; code: string; message: string };
export const refuse = (status: number, code: string, message: string): Refusal => ({ status, code, message });

const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
/** RFC 3986 encoding, as SigV4's canonical query string has it. */
const rfc3986 = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const sameHex = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

const CRC32C_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let c = i;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0x82f63b78 ^ (c >>> 1) : c >>> 1;
    t[i] = c >>> 0;
  }
  return t;
})();
function crc32c(b: Buffer): number {
  let c = 0xffffffff;
  for (const byte of b) c = CRC32C_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
const be32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n >>> 0);
  return b.toString('base64');
};
/** The base64 checksum S3 computes for an algorithm it knows; undefined for one this front cannot compute. */
function checksumOf(algorithm: string, body: Buffer): string | undefined {
  switch (algorithm) {
    case 'crc32':
      return be32(crc32(body));
    case 'crc32c':
      return be32(crc32c(body));
    case 'sha1':
      return createHash('sha1').update(body).digest('base64');
    case 'sha256':
      return createHash('sha256').update(body).digest('base64');
    default:
      return undefined; // crc64nvme: passed on unchecked
  }
}

type Signed = { key: Buffer; scope: string; amzDate: string; signature: string };

/** SigV4's canonical query string: each pair RFC 3986-encoded, sorted (a presigned URL's own signature left out). */
function canonicalQuery(rawQuery: string, presigned: boolean): string {
  return rawQuery
    .split('&')
    .filter(Boolean)
    .map((p) => {
      const i = p.indexOf('=');
      const k = decodeURIComponent((i < 0 ? p : p.slice(0, i)).replace(/\+/g, ' '));
      const v = i < 0 ? '' : decodeURIComponent(p.slice(i + 1).replace(/\+/g, ' '));
      return [rfc3986(k), rfc3986(v)] as const;
    })
    .filter(([k]) => !(presigned && k === 'X-Amz-Signature'))
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

/** The SigV4 check of a request's header or query signature; the signing key for chunk signatures. */
export function checkSignature(req: IncomingMessage, o: FrontOptions, now: number): Refusal | Signed {
  const url = new URL(req.url ?? '/', 'http://s3.local');
  const rawQuery = (req.url ?? '').includes('?') ? (req.url ?? '').slice((req.url ?? '').indexOf('?') + 1) : '';
  const auth = req.headers.authorization;
  const presigned = url.searchParams.get('X-Amz-Algorithm') === 'AWS4-HMAC-SHA256';
  let credential: string, signedHeaders: string, signature: string, amzDate: string;
  if (auth?.startsWith('AWS4-HMAC-SHA256 ')) {
    const parts = Object.fromEntries(
      auth
        .slice('AWS4-HMAC-SHA256 '.length)
        .split(',')
        .map((p) => p.trim().split('=') as [string, string]),
    );
    credential = parts.Credential ?? '';
    signedHeaders = parts.SignedHeaders ?? '';
    signature = parts.Signature ?? '';
    amzDate = String(req.headers['x-amz-date'] ?? '');
  } else if (presigned) {
    credential = url.searchParams.get('X-Amz-Credential') ?? '';
    signedHeaders = url.searchParams.get('X-Amz-SignedHeaders') ?? '';
    signature = url.searchParams.get('X-Amz-Signature') ?? '';
    amzDate = url.searchParams.get('X-Amz-Date') ?? '';
    const expires = Number(url.searchParams.get('X-Amz-Expires') ?? 0);
    const at = Date.parse(amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));
    if (!(at + expires * 1000 >= now)) return refuse(403, 'AccessDenied', 'Request has expired');
  } else if (auth) {
    return refuse(400, 'InvalidArgument', 'Unsupported Authorization Type');
  } else {
    return refuse(403, 'AccessDenied', 'Access Denied');
  }
  const [accessKeyId, date, region, service, terminal] = credential.split('/');
  if (accessKeyId !== o.accessKeyId)
    return refuse(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  if (!date || !region || service !== 's3' || terminal !== 'aws4_request' || !amzDate.startsWith(date))
    return refuse(400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed.');
  if (!presigned) {
    const at = Date.parse(amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));
    if (!(Math.abs(now - at) <= 15 * 60_000))
      return refuse(
        403,
        'RequestTimeTooSkewed',
        'The difference between the request time and the current time is too large.',
      );
  }
  const names = signedHeaders.split(';').filter(Boolean);
  if (!names.includes('host')) return refuse(403, 'AccessDenied', 'Host must be signed');
  const canonicalHeaders = names
    .map((n) => {
      const v = req.headers[n];
      const value = Array.isArray(v) ? v.join(',') : (v ?? '');
      return `${n}:${String(value).trim().replace(/\s+/g, ' ')}\n`;
    })
    .join('');
  const query = canonicalQuery(rawQuery, presigned);
  const payload = presigned ? 'UNSIGNED-PAYLOAD' : String(req.headers['x-amz-content-sha256'] ?? '');
  if (!payload) return refuse(400, 'InvalidRequest', 'Missing required header for this request: x-amz-content-sha256');
  const path = (req.url ?? '/').split('?')[0]!;
  const canonical = [req.method, path, query, canonicalHeaders, signedHeaders, payload].join('\n');
  const scope = `${date}/${region}/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${o.secretAccessKey}`, date), region), 's3'), 'aws4_request');
  if (!sameHex(createHmac('sha256', key).update(toSign).digest('hex'), signature))
    return refuse(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
    );
  return { key, scope, amzDate, signature };
}

/** An aws-chunked body decoded: the data, the trailers, and each chunk's signature with its data. */
function decodeChunked(body: Buffer): { data: Buffer; trailers: Record<string, string>; chunks: [string, Buffer][] } {
  const parts: Buffer[] = [];
  const chunks: [string, Buffer][] = [];
  let at = 0;
  for (;;) {
    const eol = body.indexOf('\r\n', at);
    if (eol < 0) throw new Error('truncated chunk header');
    const [sizeHex, ...ext] = body.subarray(at, eol).toString('latin1').split(';');
    const size = parseInt(sizeHex!, 16);
    if (!Number.isFinite(size)) throw new Error('bad chunk size');
    const sig = ext.find((e) => e.startsWith('chunk-signature='))?.slice('chunk-signature='.length) ?? '';
    const data = body.subarray(eol + 2, eol + 2 + size);
    if (data.length !== size) throw new Error('truncated chunk');
    chunks.push([sig, data]);
    parts.push(data);
    at = eol + 2 + size;
    if (size === 0) break;
    if (body.subarray(at, at + 2).toString('latin1') !== '\r\n') throw new Error('chunk not ended');
    at += 2;
  }
  const trailers: Record<string, string> = {};
  for (const line of body.subarray(at).toString('latin1').split('\r\n')) {
    const i = line.indexOf(':');
    if (i > 0) trailers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return { data: Buffer.concat(parts), trailers, chunks };
}

/** A body that passed: its data (aws-chunked decoded) and the checksums its trailer gave. */
type Checked = { data: Buffer; trailers: Record<string, string> };

/** What AWS checks of a request's body and encryption headers, given its signature. */
export function checkBody(req: IncomingMessage, raw: Buffer, signed: Signed, o: FrontOptions): Refusal | Checked {
  const mode = String(req.headers['x-amz-content-sha256'] ?? 'UNSIGNED-PAYLOAD');
  let data = raw;
  let trailers: Record<string, string> = {};
  if (mode.startsWith('STREAMING-')) {
    let decoded;
    try {
      decoded = decodeChunked(raw);
    } catch (e) {
      return refuse(400, 'IncompleteBody', `The request body is not aws-chunked: ${(e as Error).message}`);
    }
    ({ data, trailers } = decoded);
    if (mode.startsWith('STREAMING-AWS4-HMAC-SHA256-PAYLOAD')) {
      let previous = signed.signature;
      for (const [sig, chunk] of decoded.chunks) {
        const toSign = [
          'AWS4-HMAC-SHA256-PAYLOAD',
          signed.amzDate,
          signed.scope,
          previous,
          sha256(''),
          sha256(chunk),
        ].join('\n');
        if (!sameHex(createHmac('sha256', signed.key).update(toSign).digest('hex'), sig))
          return refuse(403, 'SignatureDoesNotMatch', 'The chunk signature does not match.');
        previous = sig;
      }
    }
    const declared = req.headers['x-amz-decoded-content-length'];
    if (declared !== undefined && Number(declared) !== data.length)
      return refuse(400, 'IncompleteBody', 'You did not provide the number of bytes specified by the Content-Length');
  } else if (/^[0-9a-f]{64}$/.test(mode) && sha256(raw) !== mode) {
    return refuse(
      400,
      'XAmzContentSHA256Mismatch',
      "The provided 'x-amz-content-sha256' header does not match what was computed.",
    );
  }
  const md5 = req.headers['content-md5'];
  if (md5 !== undefined) {
    const given = Buffer.from(String(md5), 'base64');
    if (given.length !== 16) return refuse(400, 'InvalidDigest', 'The Content-MD5 you specified was invalid.');
    if (!given.equals(createHash('md5').update(data).digest()))
      return refuse(400, 'BadDigest', 'The Content-MD5 you specified did not match what we received.');
  }
  const checksums = { ...trailers, ...req.headers };
  for (const [name, value] of Object.entries(checksums)) {
    const m = /^x-amz-checksum-(crc32|crc32c|crc64nvme|sha1|sha256)$/.exec(name);
    if (!m || typeof value !== 'string') continue;
    const expected = checksumOf(m[1]!, data);
    if (expected !== undefined && expected !== value)
      return refuse(
        400,
        'BadDigest',
        `The ${m[1]!.toUpperCase()} you specified did not match the calculated checksum.`,
      );
  }
  if (req.headers['x-amz-server-side-encryption'] === 'aws:kms') {
    const keyId = req.headers['x-amz-server-side-encryption-aws-kms-key-id'];
    // AWS would use the account's aws/s3 key when none is named; the portal always names one (s3.ts). As AWS,
    // a key is found by its id or ARN (…:key/<id>), an alias by alias/<name> or its ARN (…:alias/<name>).
    const known = typeof keyId === 'string' && o.kmsKeys.some((k) => keyId === k || keyId.endsWith(kmsArnTail(k)));
    if (!known) return refuse(400, 'KMS.NotFoundException', `Invalid keyId '${String(keyId ?? '')}'`);
  }
  return { data, trailers };
}

/**
 * The headers moto is given with a checked body. An aws-chunked body goes decoded, as S3 itself stores it:
 * moto 5.2.5 decodes one by appending each chunk to a bytes object (a copy of everything so far per chunk,
 * 3 to 15 s for the api's 35 MB upload in 64 KiB chunks against 0.6 to 2 s for the same bytes sent plain),
 * so the framing, its headers and the trailer go, and the trailer's checksums become headers moto records
 * with the object. moto checks no signature: the front did (the Authorization header stays as it came).
 */
export function storeHeaders(req: IncomingMessage, checked: Checked): IncomingMessage['headers'] {
  const headers = { ...req.headers };
  delete headers['transfer-encoding'];
  headers['content-length'] = String(checked.data.length);
  const mode = String(headers['x-amz-content-sha256'] ?? '');
  if (!mode.startsWith('STREAMING-')) return headers;
  const encodings = String(headers['content-encoding'] ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e && e !== 'aws-chunked');
  if (encodings.length) headers['content-encoding'] = encodings.join(',');
  else delete headers['content-encoding'];
  delete headers['x-amz-decoded-content-length'];
  delete headers['x-amz-trailer'];
  headers['x-amz-content-sha256'] = 'UNSIGNED-PAYLOAD';
  for (const [name, value] of Object.entries(checked.trailers))
    if (name.startsWith('x-amz-checksum-')) headers[name] = value;
  return headers;
}

/** The end of a KMS ARN naming `k`: `:alias/<name>` for an alias, `:key/<id>` for a key id. */
const kmsArnTail = (k: string) => (k.startsWith('alias/') ? `:${k}` : `:key/${k}`);
