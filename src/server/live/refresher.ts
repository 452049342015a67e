type Deferred<T> = {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
  timer?: NodeJS.Timeout;
};

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/**
 * One value computed from the database and changed elsewhere. `invalidate()` marks it stale;
 * `get()` answers the value as of the call: the cached one while nothing changed, else the
 * result of a load that starts after the last change. Loads never overlap, and start at most once
 * per window: the first after a quiet spell at once, later ones when the window ends, each
 * covering every change before it. So a flood of changes and reads costs one load per window,
 * and the last change is always loaded.
 */
export class Refresher<T> {
  /** Bumped by every change; a value or load is current when it has the latest. */
  private generation = 0;
  private value?: { generation: number; data: T };
  private building?: { generation: number; promise: Promise<T> };
  /** The load waiting for the window to end or the running load to finish. */
  private next?: Deferred<T>;
  private lastStart = Number.NEGATIVE_INFINITY;
  private disposed = false;

  /** A number, or a function asked at each start (a window that follows the cost of a load). */
  private readonly windowMs: () => number;

  constructor(
    private readonly load: () => Promise<T>,
    windowMs: number | (() => number),
  ) {
    this.windowMs = typeof windowMs === 'number' ? () => windowMs : windowMs;
  }

  invalidate(): void {
    this.generation++;
  }

  /** Whether `get()` would answer without loading. */
  get fresh(): boolean {
    return this.value?.generation === this.generation;
  }

  /** The value if current, without loading. */
  peek(): T | undefined {
    return this.fresh ? this.value?.data : undefined;
  }

  get(): Promise<T> {
    return this.request().value;
  }

  /** As get(), telling whether this call is the one that caused a load (false when the value
   *  was current or it waits on a load someone else caused): who pays for a rebuild. */
  request(): { value: Promise<T>; caused: boolean } {
    if (this.value && this.value.generation === this.generation) {
      return { value: Promise.resolve(this.value.data), caused: false };
    }
    if (this.building?.generation === this.generation) {
      return { value: this.building.promise, caused: false };
    }
    if (this.next) return { value: this.next.promise, caused: false };
    const next = deferred<T>();
    this.next = next;
    this.startWhenAllowed();
    return { value: next.promise, caused: true };
  }

  /** Stops a waiting timer; whoever waits on it gets the value loaded at once instead. */
  dispose(): void {
    this.disposed = true;
    if (this.next?.timer) {
      clearTimeout(this.next.timer);
      this.next.timer = undefined;
      this.startWhenAllowed();
    }
  }

  private startWhenAllowed(): void {
    const next = this.next;
    if (!next || next.timer || this.building) return;
    const wait = this.disposed ? 0 : this.lastStart + this.windowMs() - Date.now();
    if (wait > 0) {
      next.timer = setTimeout(() => {
        next.timer = undefined;
        this.startWhenAllowed();
      }, wait);
      // A pending refresh is no reason to keep a closing process alive.
      next.timer.unref();
      return;
    }
    this.next = undefined;
    this.lastStart = Date.now();
    const generation = this.generation;
    const promise = this.load();
    this.building = { generation, promise };
    promise
      .then(
        (data) => {
          // A slower, older load never replaces a newer value.
          if (!this.value || this.value.generation <= generation) this.value = { generation, data };
          next.resolve(data);
        },
        (error: unknown) => next.reject(error),
      )
      .finally(() => {
        this.building = undefined;
        this.startWhenAllowed();
      });
  }
}
