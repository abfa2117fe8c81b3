import type { IncomingMessage } from 'node:http';
import { UploadTooSlow } from './refusals';

/**
 * Bodies trickling a byte every few seconds held the api's S3 sockets, and every other upload waited behind
 * them for minutes. A body must bring `minBytes` in every `windowMs` (a phone on a poor line sends far more)
 * or it is answered 408 at once; the time the api itself holds the body back (its disk or S3 slower than
 * the client) does not count against it.
 */
export const BODY_PACE = { windowMs: 10_000, minBytes: 16 * 1024 };

/**
 * Watches the body's pace (BODY_PACE), judged over each window in which the api never held the body back:
 * `tooSlow` is called at the end of a window that brought less. Returns the way to stop watching.
 */
export function watchPace(req: IncomingMessage, tooSlow: (e: UploadTooSlow) => void): () => void {
  const window = { bytes: 0, heldBack: false };
  const onPause = () => (window.heldBack = true);
  const count = (chunk: Buffer) => (window.bytes += chunk.length);
  req.on('data', count).on('pause', onPause);
  const timer = setInterval(() => {
    if (!req.complete && !window.heldBack && !req.isPaused() && window.bytes < BODY_PACE.minBytes)
      tooSlow(new UploadTooSlow());
    window.bytes = 0;
    window.heldBack = req.isPaused();
  }, BODY_PACE.windowMs);
  return () => {
    clearInterval(timer);
    req.off('data', count).off('pause', onPause);
  };
}
