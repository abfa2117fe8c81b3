/**
 * How many document copies a worker holds at once: each reads its files into memory (up to 40 MB a request to
 * the CRM). The documents task queue's slots and the final submission's local copies draw on the same count.
 */
export const COPIES_AT_ONCE = 4;

/** At most `size` calls of `run` at once; the others wait their turn, first come first served. */
export function gate(size: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(run: () => Promise<T>): Promise<T> => {
    if (running >= size) await new Promise<void>((turn) => waiting.push(turn));
    else running++;
    try {
      return await run();
    } finally {
      // The slot passes to the next waiting call as it is (running stays), or is given back.
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
