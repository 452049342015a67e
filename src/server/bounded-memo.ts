/**
 * Answers of a pure, costly function of a string (an HMAC), remembered up to `max` of them,
 * the oldest forgotten first. Only answers that are not `undefined` are kept, so a flood of
 * inputs that fail (forged cookies) is never remembered and costs what it cost before; a flood
 * of distinct good inputs costs bounded memory. `max` 0 remembers nothing.
 */
export class BoundedMemo<V> {
  private readonly values = new Map<string, V>();
  /** The keys in the order they were remembered, a ring: `next` is the oldest once full. The
   *  oldest was found with `values.keys().next()`, which in V8 walks over every entry deleted
   *  since the map last rehashed: once full, each new key cost a walk of up to `max` holes,
   *  12.6 µs at 50,000 entries (an HMAC is ~3.5 µs), 10 % of a ballot's CPU (issue 29). */
  private readonly order: string[] = [];
  private next = 0;

  constructor(private readonly max: number) {}

  get size(): number {
    return this.values.size;
  }

  get(key: string, compute: (key: string) => V | undefined): V | undefined {
    const known = this.values.get(key);
    if (known !== undefined) return known;
    const value = compute(key);
    if (value === undefined || this.max === 0) return value;
    if (this.order.length < this.max) {
      this.order.push(key);
    } else {
      this.values.delete(this.order[this.next]!);
      this.order[this.next] = key;
      this.next = (this.next + 1) % this.max;
    }
    this.values.set(key, value);
    return value;
  }
}
