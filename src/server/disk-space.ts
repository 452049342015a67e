import { statfs } from 'node:fs/promises';
import { DISK_CHECK_EVERY_MS } from './limits.ts';

/**
 * Whether the disk holding the database still has room for new polls. Read with statfs (space
 * available to this unprivileged process) at most once per DISK_CHECK_EVERY_MS; a disk that
 * cannot be read counts as having room, so a statfs quirk never stops the app.
 */
export class DiskSpace {
  private checkedAt = Number.NEGATIVE_INFINITY;
  private low = false;
  private reading?: Promise<boolean>;

  constructor(
    private readonly dir: string,
    private readonly minFreeBytes: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** True when free space is below the threshold. */
  async isLow(): Promise<boolean> {
    if (this.minFreeBytes <= 0) return false;
    if (this.now() - this.checkedAt < DISK_CHECK_EVERY_MS) return this.low;
    this.reading ??= this.read().finally(() => {
      this.reading = undefined;
    });
    return this.reading;
  }

  private async read(): Promise<boolean> {
    try {
      const stats = await statfs(this.dir);
      this.low = stats.bavail * stats.bsize < this.minFreeBytes;
    } catch {
      this.low = false;
    }
    this.checkedAt = this.now();
    return this.low;
  }
}
