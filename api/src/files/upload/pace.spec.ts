// The body's pace: a window that brought too little answers 408, unless the api itself held the body back.
import { EventEmitter } from 'node:events';
import type { IncomingMessage } from 'node:http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BODY_PACE, watchPace } from './pace';
import { UploadTooSlow } from './refusals';

class Body extends EventEmitter {
  complete = false;
  paused = false;
  isPaused() {
    return this.paused;
  }
}

describe('watchPace', () => {
  const saved = { ...BODY_PACE };
  beforeEach(() => {
    vi.useFakeTimers();
    Object.assign(BODY_PACE, { windowMs: 1000, minBytes: 100 });
  });
  afterEach(() => {
    vi.useRealTimers();
    Object.assign(BODY_PACE, saved);
  });

  function watched() {
    const body = new Body();
    const slow = vi.fn();
    const stop = watchPace(body as unknown as IncomingMessage, slow);
    return { body, slow, stop };
  }

  it('calls a window that brought less than minBytes too slow, and one that brought enough not', () => {
    const { body, slow, stop } = watched();
    body.emit('data', Buffer.alloc(150));
    vi.advanceTimersByTime(1000);
    expect(slow).not.toHaveBeenCalled();
    body.emit('data', Buffer.alloc(50));
    vi.advanceTimersByTime(1000);
    expect(slow).toHaveBeenCalledWith(expect.any(UploadTooSlow));
    stop();
  });

  it('does not count a window in which the api held the body back, nor a complete body', () => {
    const { body, slow, stop } = watched();
    body.paused = true;
    body.emit('pause');
    vi.advanceTimersByTime(1000);
    body.paused = false;
    vi.advanceTimersByTime(1000); // the window after a pause is not judged either
    body.complete = true;
    vi.advanceTimersByTime(3000);
    expect(slow).not.toHaveBeenCalled();
    stop();
  });

  it('stops watching', () => {
    const { body, slow, stop } = watched();
    stop();
    vi.advanceTimersByTime(5000);
    expect(slow).not.toHaveBeenCalled();
    expect(body.listenerCount('data')).toBe(0);
  });
});
