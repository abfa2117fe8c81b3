import type busboy from 'busboy';
import { createWriteStream } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { API_CODES } from '@portal/libs';
import { askDestination } from './destination';
import { isPdfPart, readForm } from './form';
import { watchPace } from './pace';
import { pdfOnly, UploadRefused } from './refusals';
import { putFromSpool, refusalOf, storedFrom } from './settle';
import type { SpoolFolder } from './spool-folder';
import { StreamedPut } from './streamed-put';
import { Tee } from './tee';
import type { Decide, Destination, SpooledUpload } from './types';

/**
 * One multipart upload, from its first byte to its answer: the state its stages share. The form is read
 * (form.ts) while the body's pace is watched (pace.ts); its file part is teed to the spool and, when its
 * length was announced, to a streamed put (tee.ts, streamed-put.ts) while `decide` gives its destination
 * (destination.ts); the upload settles once the file is spooled and the form ended well, or at its first
 * fault (settle.ts), whichever comes first, and only once.
 */
export class UploadRun {
  readonly fields: Record<string, string> = {};
  private file?: Readable;
  private streamed?: StreamedPut;
  /** The spool's write and decide's answer, settled either way: the folder is removed only after them. */
  private writing?: Promise<unknown>;
  private spooled?: { destination: Destination; size: number };
  private formEnded = false;
  private settled = false;
  private stopPace = () => {};
  private answer = { resolve: (_u: SpooledUpload) => {}, reject: (_e: unknown) => {} };

  constructor(
    private readonly req: IncomingMessage,
    private readonly bb: busboy.Busboy,
    private readonly spool: SpoolFolder,
    private readonly decide: Decide,
  ) {}

  /** Reads the upload: the spooled file with its destination, or the refusal, with no put left under way. */
  start(): Promise<SpooledUpload> {
    return new Promise<SpooledUpload>((resolve, reject) => {
      this.answer = { resolve, reject };
      this.stopPace = watchPace(this.req, (e) => this.fail(e));
      readForm(this.req, this.bb, this.fields, {
        failed: (e) => this.fail(e),
        file: (stream, info, announced) => this.receive(stream, info, announced),
        ended: () => this.formEnd(),
      });
    });
  }

  /** Settled once the upload failed: what still writes the spool, and the streamed put, are over. */
  async drained(): Promise<void> {
    await this.writing;
    await this.streamed?.outcome?.catch(() => undefined);
  }

  private receive(stream: Readable, info: busboy.FileInfo, announced: number | undefined) {
    this.file = stream;
    stream.on('error', () => undefined); // reported by busboy itself, or by the pipeline
    if (!isPdfPart(info)) return this.fail(pdfOnly());
    const streamed = announced === undefined ? undefined : new StreamedPut(announced, () => this.settled);
    this.streamed = streamed;
    const tee = new Tee(streamed);
    const decided = askDestination(
      this.decide,
      this.fields,
      streamed,
      () => tee.received,
      (e) => this.fail(e, true),
    );
    const spooling = pipeline(stream, tee, createWriteStream(this.spool.path, { mode: 0o600 }));
    this.writing = Promise.allSettled([decided, spooling]);
    void Promise.all([decided, spooling]).then(
      ([destination]) => {
        this.spooled = { destination, size: tee.received };
        this.done();
      },
      (e: unknown) => this.fail(e),
    );
  }

  private formEnd() {
    if (!this.file) return this.fail(new UploadRefused(API_CODES.fileRequired));
    this.formEnded = true;
    this.done();
  }

  /** `asked`: the error is decide's own, never the body's fault (refusalOf). */
  private fail(e: unknown, asked = false) {
    if (this.settled) return;
    this.settled = true;
    this.stopPace();
    this.file?.destroy();
    this.streamed?.stop();
    // Read the rest and drop it, so the answer reaches a client still sending.
    this.req.unpipe(this.bb);
    this.req.resume();
    this.answer.reject(refusalOf(e, asked));
  }

  /** Both the file on disk and the whole form parsed without error: a form cut short after its file is refused. */
  private done() {
    if (this.settled || !this.formEnded || !this.spooled) return;
    this.settled = true;
    this.stopPace();
    const { destination, size } = this.spooled;
    const { key, put } = destination;
    const { path, dispose } = this.spool;
    const upload = { key, fields: this.fields, path, size, dispose };
    if (!put) return this.answer.resolve(upload);
    this.answer.resolve({ ...upload, stored: storedFrom(this.streamed, () => putFromSpool(put, path, size)) });
  }
}
