/**
 * Answers of a pure, costly function of a string (an HMAC), remembered up to `max` of them,
 * the oldest forgotten first. Only answers that are not `undefined` are kept, so a flood of
 * inputs that fail (forged cookies) is never remembered and costs what it cost before; a flood
 * of distinct good inputs costs bounded memory. `max` 0 remembers nothing.
 */
export class BoundedMemo<V> {
  private readonly values = new Map<string, V>();

  constructor(private readonly max: number) {}

  get size(): number {
    return this.values.size;
  }

  get(key: string, compute: (key: string) => V | undefined): V | undefined {
    const known = this.values.get(key);
    if (known !== undefined) return known;
    const value = compute(key);
    if (value === undefined || this.max === 0) return value;
    if (this.values.size >= this.max) {
      const oldest = this.values.keys().next();
      if (!oldest.done) this.values.delete(oldest.value);
    }
    this.values.set(key, value);
    return value;
  }
}
