// The bucket policy AWS documents as 'DenyUnencryptedObjectUploads', in front of moto: moto evaluates
// bucket policies but ignores their Condition blocks (moto 5.2.5 iam/policy_conditions.py knows only
// StringEquals on sts:ExternalId), so the policy itself would deny every put. This proxy applies that one
// statement as AWS would: an object write without x-amz-server-side-encryption is AccessDenied.
import { startFaultProxy } from './fault-proxy';

const ACCESS_DENIED =
  '<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>';

export function startEncryptionPolicy(target: string) {
  return startFaultProxy(target, {
    inspect: (req, res) => {
      const path = new URL(req.url ?? '/', target).pathname.split('/').filter(Boolean);
      const objectWrite = req.method === 'PUT' && path.length >= 2 && !req.headers['x-amz-copy-source'];
      const multipartStart = req.method === 'POST' && (req.url ?? '').includes('uploads');
      const denied =
        ((objectWrite && !(req.url ?? '').includes('uploadId=')) || multipartStart) &&
        !req.headers['x-amz-server-side-encryption'];
      if (!denied) return false;
      req.resume();
      res.writeHead(403, { 'content-type': 'application/xml' });
      res.end(ACCESS_DENIED);
      return true;
    },
  });
}
