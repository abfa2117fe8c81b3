/** Polls `read` every 100 ms until `ok` accepts its value (15 s at most): for work done in the background. */
export async function until<T>(read: () => Promise<T> | T, ok: (v: T) => boolean): Promise<T> {
  for (let i = 0; i < 150; i++) {
    const v = await read();
    if (ok(v)) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('timed out');
}
