/**
 * Answers of a pure function of a string, remembered up to `max` of them and for at most `ttlMs`: past
 * `max` the oldest is forgotten first, and each call forgets those older than `ttlMs` (so an erased
 * account's values leave memory with the next reads, not only when pushed out). For work every read
 * repeats on the same stored values (masks, a phone's format).
 */
export class BoundedMemo {
  /** In the order they were made: the oldest first. */
  private readonly answers = new Map<string, { value: string; at: number }>();
  constructor(
    private readonly max: number,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  of(key: string, make: () => string): string {
    const now = this.now();
    for (const [oldest, { at }] of this.answers) {
      if (now - at < this.ttlMs) break;
      this.answers.delete(oldest);
    }
    const known = this.answers.get(key);
    if (known) return known.value;
    const value = make();
    if (this.answers.size >= this.max) this.answers.delete(this.answers.keys().next().value!);
    this.answers.set(key, { value, at: now });
    return value;
  }

  get size() {
    return this.answers.size;
  }
}
