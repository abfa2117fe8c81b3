import type { IncomingMessage } from 'node:http';
import { FILE_CODES } from '@portal/libs';
import { TooManyRequestsError } from '../common/rate-limit';

/**
 * How many uploads of one applicant this api reads at once. The rest wait their turn (a
 * browser sends the files picked together in parallel) without a byte read, so holding no disk, thread or
 * S3 socket; past `waiting`, or after `maxWaitMs`, the upload answers 429 with Retry-After. Per process,
 * like the resources it shares out.
 *
 * One client address reads at most `perAddress` uploads at once, whatever the number of its accounts (20
 * sign-ups an hour may be made from one): past it an upload answers 429 when its turn comes, before any
 * byte, database write or S3 call. Without it, 14 accounts made from one address sending 3 files each were 42 uploads'
 * database writes and S3 calls in one burst, which kept another applicant's upload waiting about a second
 * even with its inspection fair. Six is what the inspection queue takes from one address
 * (INSPECTION_QUEUE.perAddressHeld); two applicants of one office uploading three files each still pass.
 */
export const APPLICANT_UPLOADS = {
  concurrent: 3,
  waiting: 12,
  maxWaitMs: 30_000,
  retryAfterSeconds: 5,
  perAddress: 6,
};

type Turn = { go: () => void };

export class ApplicantUploads {
  private readonly active = new Map<string, number>();
  private readonly queues = new Map<string, Turn[]>();
  private readonly byAddress = new Map<string, number>();

  /**
   * Waits for one of the applicant's turns, then takes one of the address's (`address`: the client's), or
   * answers 429 when the address reads its share already: resolves with the function that gives both back.
   */
  async enter(applicant: string, req: IncomingMessage, address: string): Promise<() => void> {
    const done = await this.applicantTurn(applicant, req);
    const reading = this.byAddress.get(address) ?? 0;
    if (reading >= APPLICANT_UPLOADS.perAddress) {
      done();
      throw this.refusal();
    }
    this.byAddress.set(address, reading + 1);
    let given = false;
    return () => {
      if (given) return;
      given = true;
      const left = (this.byAddress.get(address) ?? 1) - 1;
      if (left > 0) this.byAddress.set(address, left);
      else this.byAddress.delete(address);
      done();
    };
  }

  private async applicantTurn(applicant: string, req: IncomingMessage): Promise<() => void> {
    const active = this.active.get(applicant) ?? 0;
    const queue = this.queues.get(applicant) ?? [];
    if (active < APPLICANT_UPLOADS.concurrent && !queue.length) {
      this.active.set(applicant, active + 1);
      return this.release(applicant);
    }
    if (queue.length >= APPLICANT_UPLOADS.waiting) throw this.refusal();
    await new Promise<void>((resolve, reject) => {
      const leave = () => {
        clearTimeout(timer);
        req.off('close', gone);
        const q = this.queues.get(applicant) ?? [];
        q.splice(q.indexOf(turn), 1);
        if (!q.length) this.queues.delete(applicant);
      };
      const turn: Turn = {
        // The turn is counted as it is handed over, before anyone else can see it free.
        go: () => {
          leave();
          this.active.set(applicant, (this.active.get(applicant) ?? 0) + 1);
          resolve();
        },
      };
      const timer = setTimeout(() => (leave(), reject(this.refusal())), APPLICANT_UPLOADS.maxWaitMs);
      // A client gone while it waited gives its place up (no answer can reach it).
      const gone = () => (leave(), reject(this.refusal()));
      req.once('close', gone);
      queue.push(turn);
      this.queues.set(applicant, queue);
    });
    return this.release(applicant);
  }

  /** Gives one turn back (once), handing it to the next waiting upload. */
  private release(applicant: string) {
    let given = false;
    return () => {
      if (given) return;
      given = true;
      const left = (this.active.get(applicant) ?? 1) - 1;
      if (left > 0) this.active.set(applicant, left);
      else this.active.delete(applicant);
      this.queues.get(applicant)?.[0]?.go();
    };
  }

  private refusal() {
    return new TooManyRequestsError(APPLICANT_UPLOADS.retryAfterSeconds, FILE_CODES.tooManyUploads, 'uploads:busy');
  }
}
