// Reading a "Download my data" archive in tests: the zip unpacked in memory, and its link from the email.
import yauzl from 'yauzl';
import { applicantFor, ApiClient, codeFromMail, TEST_PASSWORD } from '../../../tests/support/api-client';
import { throughSigning } from '../../../tests/support/through-signing';
import { mailsTo, type Mail } from '../../../tests/support/maildev';
import { until } from '../../../tests/support/until';

/** Every file of a zip by its path. */
export function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
      if (err) return reject(err);
      const files = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) =>
        zip.openReadStream(entry, (e, stream) => {
          if (e) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        }),
      );
      zip.on('end', () => resolve(files));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** The archive's email to `to` (waits for it), and the export id its link names. */
export async function exportMail(
  maildevUrl: string,
  to: string,
  subject: string,
): Promise<{ mail: Mail; exportId: string }> {
  const mails = await until(
    () => mailsTo(maildevUrl, to),
    (m) => m.some((x) => x.subject === subject),
    { ms: 45_000, what: `the archive's email to ${to}` },
  );
  const mail = mails.find((x) => x.subject === subject)!;
  const exportId = mail.text.match(/\/my-data\?export=([0-9a-f-]{36})/)?.[1];
  if (!exportId) throw new Error(`no link in: ${mail.text}`);
  return { mail, exportId };
}

/** A downloaded archive: the api's answer as bytes (the test client reads bodies as text). */
export async function download(baseUrl: string, client: ApiClient, exportId: string) {
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ');
  const res = await fetch(`${baseUrl}/privacy/data-export/${exportId}/archive`, { headers: { cookie } });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** Registers and confirms an account whose language is Canadian French. */
export const frenchApplicant = (baseUrl: string, maildevUrl: string, tag: string, ip: string) =>
  applicantIn('fr-CA', baseUrl, maildevUrl, tag, ip);

/** Registers and confirms an account in that language. */
export async function applicantIn(language: string, baseUrl: string, maildevUrl: string, tag: string, ip: string) {
  const b = new ApiClient(baseUrl, ip);
  const since = new Date();
  const reg = await b.post('/auth/register', { ...applicantFor(tag), language });
  if (reg.status !== 201) throw new Error(`register answered ${reg.status}: ${JSON.stringify(reg.body)}`);
  const code = await codeFromMail(maildevUrl, `${tag}@example.com`, since);
  const ok = await b.post('/auth/confirm-signup', { username: `${tag}@example.com`, password: TEST_PASSWORD, code });
  if (ok.status !== 200) throw new Error(`confirm answered ${ok.status}`);
  return b;
}

/** An application sent for signature through the stand-in, whose signer declined it. */
export const declinedApplication = (client: ApiClient): Promise<string> =>
  throughSigning(client, { decision: 'declined' });
