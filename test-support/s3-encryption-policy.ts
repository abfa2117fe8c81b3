// The bucket policy AWS documents as 'DenyUnencryptedObjectUploads', in front of moto: moto evaluates
// bucket policies but ignores their Condition blocks (moto 5.2.5 iam/policy_conditions.py knows only
// StringEquals on sts:ExternalId), so the policy itself would deny every put. This proxy applies that one
// statement as AWS would: an object write without x-amz-server-side-encryption is AccessDenied.
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

const ACCESS_DENIED =
  '<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>';

export async function startEncryptionPolicy(target: string) {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', target).pathname.split('/').filter(Boolean);
    const objectWrite = req.method === 'PUT' && path.length >= 2 && !req.headers['x-amz-copy-source'];
    const multipartStart = req.method === 'POST' && (req.url ?? '').includes('uploads');
    if ((objectWrite && !(req.url ?? '').includes('uploadId=')) || multipartStart) {
      if (!req.headers['x-amz-server-side-encryption']) {
        req.resume();
        res.writeHead(403, { 'content-type': 'application/xml' });
        return void res.end(ACCESS_DENIED);
      }
    }
    const upstream = request(new URL(req.url ?? '/', target), { method: req.method, headers: req.headers }, (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers);
      r.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
