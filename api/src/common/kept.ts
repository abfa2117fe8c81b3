/**
 * Values this process keeps by key for `keptMs` after they were put (not renewed by use), at most `max`
 * (the oldest go first): only for values that never change once written (a File row, a closed
 * application's status), so another replica cannot make one stale.
 */
export class Kept<T> {
  private readonly values = new Map<string, { value: T; until: number }>();
  constructor(
    private readonly keptMs: number,
    private readonly max: number,
  ) {}

  get(key: string, now = Date.now()): T | undefined {
    const kept = this.values.get(key);
    if (kept && kept.until > now) return kept.value;
    if (kept) this.values.delete(key);
    return undefined;
  }

  put(key: string, value: T, now = Date.now()): void {
    this.values.delete(key);
    if (this.values.size >= this.max) this.values.delete(this.values.keys().next().value!);
    this.values.set(key, { value, until: now + this.keptMs });
  }

  forget(key: string): void {
    this.values.delete(key);
  }
}
