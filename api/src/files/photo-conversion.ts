import { Logger } from '@nestjs/common';
import { slot, type Requester, type Turn } from './inspection-queue';
import { PhotoRefused } from './photos-to-pdf';
import { runOnThread } from './thread-job';

const logger = new Logger('PhotoConversion');

/**
 * A phone's photos become one PDF in one of the inspection threads, never on the api's thread: there pdf-lib
 * decoded two 16 MP PNGs in 2-3 s of the api's CPU, and a hostile PNG (its data judged by judgePng first)
 * could inflate for minutes. The thread has the inspections' heap limit, and `budgetMs` of wall-clock time
 * (a honest sending within PHOTO_LIMITS takes a few seconds on a busy machine): past it, or out of memory,
 * the thread is ended and the photos refused as too big.
 */
export const PHOTO_CONVERSION = { budgetMs: 20_000 };

export type MadePdf = { pages: number; size: number };

/**
 * The photos on disk at `photos` judged (photos-to-pdf) and made into one PDF written at `out`, in the
 * inspection queue's turn of the applicant and the phone's address (bounded and fair: InspectionBusy, 503,
 * when it is full); a
 * PhotoRefused when they are not photos or past the limits.
 */
export function convertPhotos(who: Requester, photos: string[], out: string): Promise<MadePdf> {
  return slot(who, (turn) => inThread(photos, out, turn));
}

function inThread(photos: string[], out: string, turn: Turn): Promise<MadePdf> {
  return runOnThread({ photos, out }, PHOTO_CONVERSION.budgetMs, () => {
    let made: MadePdf | undefined;
    let failed: Error | undefined;
    return {
      onMessage(m) {
        if (m.ok === true && typeof m.pages === 'number' && typeof m.size === 'number')
          made = { pages: m.pages, size: m.size };
        else if (m.refused === 'tooBig' || m.refused === 'notAPhoto') failed = new PhotoRefused(m.refused);
        else failed = new Error(`photo conversion failed: ${String(m.reason).slice(0, 200)}`);
      },
      // Out of heap: the thread dies, the api does not; the photos asked for more than a sending may take.
      onError(e) {
        failed ??= e.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new PhotoRefused('tooBig') : e;
      },
      onBudget() {
        turn.budgetSpent();
        logger.warn({ msg: 'photo conversion over its budget', budgetMs: PHOTO_CONVERSION.budgetMs });
        failed ??= new PhotoRefused('tooBig');
      },
      answer() {
        if (made && !failed) return made;
        throw failed ?? new Error('photo conversion ended without an answer');
      },
    };
  });
}
