import { S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import busboy from 'busboy';
import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import { FILE_MESSAGES, looksLikePdf, MAX_FILE_BYTES, s3ClientOptions, type S3Settings } from '@portal/libs';

export class UploadRefused extends Error {}

export const s3Client = (s: S3Settings) => new S3Client(s3ClientOptions(s));

/**
 * Streams one multipart file to S3 without holding it in memory. The form fields must come first (as
 * Box asks too): `decide` reads them and names the S3 key, or refuses. The first bytes must be a PDF's,
 * and the stream is cut off past 37,000,000 bytes.
 */
export function streamPdfToS3(
  req: IncomingMessage,
  s3: S3Client,
  bucket: string,
  decide: (fields: Record<string, string>) => Promise<string>,
): Promise<{ key: string; size: number; fields: Record<string, string> }> {
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    let settled = false;
    let sawFile = false;
    const fail = (e: Error) => {
      if (settled) return;
      settled = true;
      req.unpipe();
      req.resume();
      reject(e);
    };
    const bb = busboy({ headers: req.headers, limits: { files: 1, fileSize: MAX_FILE_BYTES + 1, fields: 10 } });
    bb.on('field', (name, value) => (fields[name] = value));
    bb.on('file', (_name, file, info) => {
      sawFile = true;
      if (info.mimeType !== 'application/pdf' && !(info.filename ?? '').toLowerCase().endsWith('.pdf')) {
        file.resume();
        return fail(new UploadRefused(FILE_MESSAGES.pdfOnly));
      }
      let size = 0;
      let head = Buffer.alloc(0);
      const body = new PassThrough();
      let upload: Upload | undefined;
      file.on('limit', () => {
        void upload?.abort();
        body.destroy();
        fail(new UploadRefused(FILE_MESSAGES.tooLarge));
      });
      file.pause();
      decide(fields)
        .then((key) => {
          upload = new Upload({
            client: s3,
            params: { Bucket: bucket, Key: key, Body: body, ContentType: 'application/pdf' },
            queueSize: 2,
            partSize: 5 * 1024 * 1024,
          });
          file.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (head.length < 1024) {
              head = Buffer.concat([head, chunk]).subarray(0, 1024);
              // The marker may sit anywhere in the first 1024 bytes: judge once they are all here (or at the end).
              if (head.length === 1024 && !looksLikePdf(head)) {
                void upload?.abort();
                body.destroy();
                file.resume();
                return fail(new UploadRefused(FILE_MESSAGES.pdfOnly));
              }
            }
            if (!body.write(chunk)) {
              file.pause();
              body.once('drain', () => file.resume());
            }
          });
          file.on('end', () => {
            if (settled) return;
            if (size === 0 || !looksLikePdf(head)) {
              void upload?.abort();
              body.destroy();
              return fail(new UploadRefused(FILE_MESSAGES.pdfOnly));
            }
            body.end();
          });
          upload
            .done()
            .then(() => {
              if (settled) return;
              settled = true;
              resolve({ key, size, fields });
            })
            .catch((e: Error) => fail(e));
          file.resume();
        })
        .catch((e: Error) => {
          file.resume();
          fail(e);
        });
    });
    bb.on('close', () => {
      if (!sawFile) fail(new UploadRefused('A file is required'));
    });
    bb.on('error', (e: Error) => fail(e));
    req.pipe(bb);
  });
}
