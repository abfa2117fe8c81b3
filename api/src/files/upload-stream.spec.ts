// The upload's bytes go to S3 while they arrive when the request announces the file's length, and only then:
// a put is never given more or fewer bytes than its Content-Length, never completes before the form has
// ended well, and a refused or abandoned upload leaves no put under way.
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageText } from '@portal/libs';
import { holdFor } from '../../../tests/support/until';
import { BOUNDARY, formBody as form } from './upload/multipart.spec-setup';
import {
  BODY_PACE,
  spoolUpload,
  STREAMED_PUTS,
  UploadTooSlow,
  type Destination,
  type SpooledUpload,
} from './upload-stream';

type PutSeen = { size: number; bytes: Buffer; completed: boolean; aborted: boolean; fromSpool: boolean };

let server: Server;
let url: string;
let handle: (req: IncomingMessage) => Promise<unknown>;

beforeAll(async () => {
  server = createServer((req, res) => {
    void handle(req).then(
      (body) => res.writeHead(201).end(JSON.stringify(body)),
      (e: Error) => res.writeHead(400).end(JSON.stringify({ error: e.message })),
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

/** A put that reads its body as S3 would: complete only with exactly `size` bytes. */
function recordingPut(seen: PutSeen[], opts: { failAfter?: number } = {}) {
  return (body: Readable, size: number, signal: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      const put: PutSeen = {
        size,
        bytes: Buffer.alloc(0),
        completed: false,
        aborted: false,
        fromSpool: 'path' in body,
      };
      seen.push(put);
      const chunks: Buffer[] = [];
      let got = 0;
      signal.addEventListener('abort', () => {
        put.aborted = true;
        reject(new Error('aborted'));
      });
      body.on('data', (c: Buffer) => {
        chunks.push(c);
        got += c.length;
        if (got > size) reject(new Error('more bytes than announced'));
        if (opts.failAfter !== undefined && got >= opts.failAfter) reject(new Error('S3 went away'));
        if (got === size) {
          put.bytes = Buffer.concat(chunks);
          put.completed = true;
          resolve();
        }
      });
    });
}

/** Runs spoolUpload on the next request, returning what it resolved or why it refused, and the puts. */
function receiving(opts: { put?: boolean; failAfter?: number } = {}) {
  const puts: PutSeen[] = [];
  const result = new Promise<{ upload?: SpooledUpload; error?: Error; stored?: unknown }>((resolve) => {
    handle = async (req) => {
      try {
        const upload = await spoolUpload(req, async (): Promise<Destination> => {
          await holdFor(20, 'the latency of a database look-up, during which the body keeps coming');
          return { key: 'k', ...(opts.put === false ? {} : { put: recordingPut(puts, opts) }) };
        });
        const stored = await upload.stored?.then(
          () => 'stored',
          (e: Error) => e.message,
        );
        await upload.dispose();
        resolve({ upload, stored });
        return { size: upload.size };
      } catch (e) {
        resolve({ error: e as Error });
        throw e;
      }
    };
  });
  return { puts, result };
}

/** Sends `body` in pieces of `piece` bytes, `pauseMs` apart; `stopAt` drops the connection there. */
function send(body: Buffer, opts: { chunked?: boolean; piece?: number; pauseMs?: number; stopAt?: number } = {}) {
  return new Promise<number | undefined>((resolve) => {
    const req = request(url, {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        ...(opts.chunked ? {} : { 'content-length': String(body.length) }),
      },
    });
    let answered = false;
    req.on('response', (res) => {
      answered = true;
      res.resume();
      resolve(res.statusCode);
    });
    req.on('error', () => resolve(undefined));
    const piece = opts.piece ?? body.length;
    let at = 0;
    const next = () => {
      // Answered before the end (a refusal): the sender stops, as a browser does.
      if (answered || (opts.stopAt !== undefined && at >= opts.stopAt)) return req.destroy();
      if (at >= body.length) return req.end();
      req.write(body.subarray(at, at + piece));
      at += piece;
      void holdFor(opts.pauseMs ?? 0, "the client's pause between chunks").then(next);
    };
    next();
  });
}

const file = (n: number) => Buffer.from(Array.from({ length: n }, (_, i) => i % 251));

describe('spoolUpload when its destination cannot be decided', () => {
  it('gives decide’s own error (the database busy), never “Please upload only PDF files.” for a good PDF', async () => {
    // Seen under load in the bench: a MongoDB error in the slot's checks came back as pdfOnly.
    const busy = Object.assign(new Error('connection pool for 127.0.0.1 was cleared'), {
      name: 'MongoPoolClearedError',
    });
    let seen: unknown;
    handle = async (req) => {
      try {
        return await spoolUpload(req, async () => {
          await holdFor(5, 'a database look-up that fails');
          throw busy;
        });
      } catch (e) {
        seen = e;
        throw e;
      }
    };
    expect(await send(form(file(2000)))).toBe(400);
    expect(seen).toBe(busy);
  });
});

describe('spoolUpload with a put', () => {
  it('streams the file to the put while it arrives, its last chunk held until the form has ended', async () => {
    const bytes = file(3_000_000);
    const { puts, result } = receiving();
    expect(await send(form(bytes), { piece: 256 * 1024, pauseMs: 5 })).toBe(201);
    const r = await result;
    expect(r.stored).toBe('stored');
    expect(puts).toHaveLength(1);
    expect(puts[0]).toMatchObject({ fromSpool: false, completed: true, size: bytes.length });
    expect(puts[0]!.bytes.equals(bytes)).toBe(true);
  });
});

describe('spoolUpload falling back on the spool', () => {
  it('puts from the spool when the file is not the length the request announced', async () => {
    // Past STREAMED_PUTS.flowingBytes, so its put starts while it arrives.
    const bytes = file(400_000);
    for (const shape of [
      { trailer: `\r\n--${BOUNDARY}--` },
      { after: `\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="x"\r\n\r\ny` },
    ]) {
      const { puts, result } = receiving();
      expect(await send(form(bytes, shape), { piece: 16 * 1024, pauseMs: 1 })).toBe(201);
      const r = await result;
      expect(r.stored).toBe('stored');
      // The streamed put, when it had started (it has not when the file was whole before its destination was
      // given, on a busy machine), was abandoned short; the file went from the spool, whole.
      expect(puts.filter((p) => !p.fromSpool).map((p) => p.completed)).not.toContain(true);
      expect(puts.filter((p) => p.fromSpool).map((p) => p.completed)).toEqual([true]);
      for (const streamed of puts.filter((p) => !p.fromSpool)) expect(streamed.aborted).toBe(true);
      expect(puts.find((p) => p.fromSpool)!.bytes.equals(bytes)).toBe(true);
    }
  });

  it('puts from the spool when the body is chunked', async () => {
    const bytes = file(100_000);
    const { puts, result } = receiving();
    expect(await send(form(bytes), { chunked: true, piece: 8192 })).toBe(201);
    expect((await result).stored).toBe('stored');
    expect(puts.map((p) => [p.fromSpool, p.completed])).toEqual([[true, true]]);
    expect(puts[0]!.bytes.equals(bytes)).toBe(true);
  });

  it('puts from the spool when S3 fails the streamed put before it had every byte', async () => {
    const bytes = file(1_000_000);
    const { puts, result } = receiving({ failAfter: 100_000 });
    expect(await send(form(bytes), { piece: 64 * 1024, pauseMs: 2 })).toBe(201);
    // The spool's put fails too (failAfter applies to every put): S3's answer to the whole file.
    expect((await result).stored).toBe('S3 went away');
    expect(puts.map((p) => p.fromSpool)).toEqual([false, true]);
    expect(puts[0]!.completed).toBe(false);
  });
});

describe('spoolUpload refusing a body', () => {
  it('abandons the streamed put, short of its length, when the client goes away or the form is cut short', async () => {
    const bytes = file(1_000_000);
    const gone = receiving();
    await send(form(bytes), { piece: 64 * 1024, pauseMs: 5, stopAt: 500_000 });
    // The error carries the message code; the filter answers its English (the specification's words).
    expect(messageText((await gone.result).error?.message ?? '')).toBe('Please upload only PDF files.');
    expect(gone.puts).toHaveLength(1);
    expect(gone.puts[0]).toMatchObject({ completed: false, aborted: true });

    const cut = receiving();
    expect(await send(form(bytes, { trailer: '' }), { piece: 64 * 1024, pauseMs: 2 })).toBe(400);
    expect(messageText((await cut.result).error?.message ?? '')).toBe('Please upload only PDF files.');
    expect(cut.puts.every((p) => !p.completed)).toBe(true);
  });
});

describe('spoolUpload and a slow body', () => {
  it('starts no put while a small body trickles, only once its last byte came', async () => {
    const bytes = file(STREAMED_PUTS.flowingBytes / 2);
    const { puts, result } = receiving();
    const sent = send(form(bytes), { piece: 16 * 1024, pauseMs: 40 });
    await holdFor(250, 'half the body has come: a put started now would hold an S3 socket at its pace');
    expect(puts).toEqual([]);
    expect(await sent).toBe(201);
    expect((await result).stored).toBe('stored');
    expect(puts.map((p) => [p.fromSpool, p.completed])).toEqual([[false, true]]);
    expect(puts[0]!.bytes.equals(bytes)).toBe(true);
  });

  it('answers 408 to a body slower than BODY_PACE, with no put under way', async () => {
    const saved = { ...BODY_PACE };
    // The pace in small: 1 kB per 300 ms, against a body of a few bytes per 100 ms.
    Object.assign(BODY_PACE, { windowMs: 300, minBytes: 1024 });
    try {
      const { puts, result } = receiving();
      const started = Date.now();
      await send(form(file(400_000)), { piece: 8, pauseMs: 100 });
      const r = await result;
      expect(r.error).toBeInstanceOf(UploadTooSlow);
      expect((r.error as UploadTooSlow).getStatus()).toBe(408);
      expect(messageText(r.error!.message)).toBe(
        'The upload was too slow and was stopped. Please check your connection and try again.',
      );
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(puts.every((p) => !p.completed)).toBe(true);
    } finally {
      Object.assign(BODY_PACE, saved);
    }
  });
});

describe('spoolUpload without a put', () => {
  it('puts nothing when the destination has no put (a keyed repeat)', async () => {
    const { puts, result } = receiving({ put: false });
    expect(await send(form(file(50_000)), { piece: 8192 })).toBe(201);
    expect((await result).upload?.stored).toBeUndefined();
    expect(puts).toEqual([]);
  });
});
