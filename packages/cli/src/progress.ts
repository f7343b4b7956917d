// A progress bar on stderr for many or large files, drawn only on a terminal; other output passes
// through log(), which clears the bar first so that no line is left half-drawn.

export interface ProgressStream {
  isTTY?: boolean;
  columns?: number;
  write(text: string): unknown;
}

/** Below these a run is over before a bar would help. */
export const PROGRESS_MIN_FILES = 10;
export const PROGRESS_MIN_BYTES = 4 * 1024 * 1024;
const REDRAW_MS = 100;

export class Progress {
  private done = 0;
  private doneBytes = 0;
  private drawnAt = -Infinity;
  private shown = false;
  readonly enabled: boolean;

  constructor(
    private readonly stream: ProgressStream,
    private readonly totalFiles: number,
    private readonly totalBytes: number,
    wanted: boolean,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.enabled = wanted && stream.isTTY === true && (totalFiles >= PROGRESS_MIN_FILES || totalBytes >= PROGRESS_MIN_BYTES);
  }

  /** One more file done, of `bytes` bytes. */
  tick(bytes: number): void {
    this.done++;
    this.doneBytes += bytes;
    if (!this.enabled) return;
    const t = this.now();
    if (t - this.drawnAt < REDRAW_MS && this.done < this.totalFiles) return;
    this.drawnAt = t;
    this.draw();
  }

  /** A message line on the stream (with its newline), below the bar when there is one. */
  log(line: string): void {
    if (this.shown) this.stream.write('\r\x1b[K');
    this.stream.write(`${line}\n`);
    if (this.shown) this.draw();
  }

  /** Removes the bar. */
  finish(): void {
    if (this.shown) this.stream.write('\r\x1b[K');
    this.shown = false;
  }

  /** The bar's text: `[#####.....] 12/40 files, 3.1/10.0 MB`. */
  text(): string {
    const fraction = this.totalBytes > 0 ? this.doneBytes / this.totalBytes : this.done / Math.max(1, this.totalFiles);
    const width = Math.max(10, Math.min(30, (this.stream.columns ?? 80) - 40));
    const filled = Math.min(width, Math.round(fraction * width));
    const mb = (n: number) => (n / 1_000_000).toFixed(1);
    return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${this.done}/${this.totalFiles} files, ${mb(this.doneBytes)}/${mb(this.totalBytes)} MB`;
  }

  private draw(): void {
    this.stream.write(`\r\x1b[K${this.text()}`);
    this.shown = true;
  }
}
