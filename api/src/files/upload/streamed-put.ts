import { Transform, type TransformCallback } from 'node:stream';
import type { Put } from './types';

/**
 * The put to S3 starts while the file arrives only once `flowingBytes` of it came (a trickling body never
 * holds one of the S3 client's sockets), and no more than `maxStreaming` puts stream at once: the others,
 * and every file smaller than that, are put from the spool once whole, a put of a few milliseconds.
 */
export const STREAMED_PUTS = { flowingBytes: 256 * 1024, maxStreaming: 24 };
let streaming = 0;

/** The file was not the length its request announced: its streamed put is abandoned. */
class NotAsAnnounced extends Error {}

/**
 * The file's bytes on their way to a put whose Content-Length was announced before they came. Each chunk is
 * passed on once the next one arrives, so the put never has all its bytes (S3 never stores the object)
 * until the form has ended well and the file was exactly that long: then `end()` lets the last chunk go.
 * More bytes than announced, or fewer at the end, fail it before the put is complete.
 */
export class Announced extends Transform {
  private received = 0;
  private held: Buffer | undefined;
  /** The last chunk went: the put has every byte, and its answer is S3's. */
  complete = false;

  constructor(readonly size: number) {
    // Holds what arrives before its put starts (STREAMED_PUTS.flowingBytes) without slowing the spool.
    super({ readableHighWaterMark: 2 * STREAMED_PUTS.flowingBytes });
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, next: TransformCallback) {
    this.received += chunk.length;
    if (this.received > this.size) return next(new NotAsAnnounced());
    if (this.held) this.push(this.held);
    this.held = chunk;
    next();
  }

  override _flush(done: TransformCallback) {
    if (this.received !== this.size) return done(new NotAsAnnounced());
    this.complete = true;
    if (this.held) this.push(this.held);
    this.held = undefined;
    done();
  }
}

/**
 * The put that stores a file while it arrives, when its request announced its length. It waits for the
 * destination's put (`arm`) and for enough of the file (`offer`), streams through the `gate`, and is
 * abandoned short of its length (`stop`) when the upload fails. `settled`: the upload already answered,
 * so no put starts any more.
 */
export class StreamedPut {
  readonly gate: Announced;
  private armed?: Put;
  private controller?: AbortController;
  /**
   * Once started: true when it stored the file, false when it was given up before it had every byte (the
   * spool then serves); a rejection is S3's answer to the complete file.
   */
  outcome?: Promise<boolean>;

  constructor(
    size: number,
    private readonly settled: () => boolean,
  ) {
    this.gate = new Announced(size);
    // A gate that fails (another length) only stops the streamed put; the spool goes on.
    this.gate.on('error', () => this.abandon());
  }

  /** The destination's put, started once enough of the file came; none (a keyed repeat) closes the gate. */
  arm(put: Put | undefined, received: number): void {
    if (this.settled() || this.gate.destroyed || !put) {
      this.gate.destroy();
      return;
    }
    this.armed = put;
    this.offer(received);
  }

  /** `received` bytes of the file came: the armed put starts once they are enough (STREAMED_PUTS). */
  offer(received: number): void {
    const put = this.armed;
    if (!put || received < Math.min(STREAMED_PUTS.flowingBytes, this.gate.size)) return;
    this.armed = undefined;
    this.start(put);
  }

  private start(put: Put) {
    const gate = this.gate;
    if (this.settled() || gate.destroyed || streaming >= STREAMED_PUTS.maxStreaming) {
      gate.destroy();
      return;
    }
    this.controller = new AbortController();
    streaming++;
    this.outcome = put(gate, gate.size, this.controller.signal)
      .then(
        () => true,
        (e: unknown) => {
          // Not every byte went: S3 cannot have completed the object, and the spool will serve.
          if (!gate.complete) return (gate.destroy(), false);
          throw e;
        },
      )
      .finally(() => streaming--);
  }

  /** The upload failed: the gate closes, and a put under way is abandoned short of its length. */
  stop(): void {
    this.gate.destroy();
    this.abandon();
  }

  private abandon() {
    if (!this.controller) return;
    this.gate.destroy();
    this.controller.abort();
  }

  /**
   * The form ended well and the file is spooled: a put under way gets its last bytes (or finds the file
   * another length); one that never started (the file too small, or too slow, to stream) never will.
   * Resolves false unless the file was stored through the gate.
   */
  finish(): Promise<boolean> {
    if (!this.gate.destroyed) {
      if (this.outcome) this.gate.end();
      else this.gate.destroy();
    }
    return this.outcome ?? Promise.resolve(false);
  }
}
