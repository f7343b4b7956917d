// Buffered counts written behind the calls that made them: the memory and Redis quota stores
// (quota/) and the per-key usage recorder (key-usage.ts).

/**
 * The write-behind of the stores that buffer calls (memory and Redis): `write` runs `intervalMs`
 * after the first call it has not seen and on flush(), and returns true when calls are left over
 * (a failed write keeps them), which schedules another. Writes, and the steps queued with
 * `queue`, run one after another: a step never sees a write half done.
 */
export class UsageWriteBehind {
  private timer: NodeJS.Timeout | null = null;
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly intervalMs: number,
    private readonly write: () => Promise<boolean>,
  ) {}

  /** A write within `intervalMs`, unless one is scheduled already. */
  schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => void this.flush(), this.intervalMs);
    this.timer.unref();
  }

  /** Writes now (after what is under way); resolves when done. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    return this.queue(async () => {
      if (await this.write()) this.schedule();
    });
  }

  /** Runs `step` once every write and step queued before it is done. */
  queue(step: () => Promise<void>): Promise<void> {
    this.chain = this.chain.then(step);
    return this.chain;
  }
}
