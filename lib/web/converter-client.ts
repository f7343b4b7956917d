// Runs converter jobs in a web worker, newest job first: a job that is overtaken by a newer one
// resolves to null, and a long-running stale job is stopped by restarting the worker.
import type { ConverterAnswer, ConverterAnswerMessage, ConverterJob, ConverterJobMessage } from './converter-protocol';

export const CONVERTER_WORKER_URL = '/workers/convert.worker.js';

/** A running job older than this is abandoned (worker restarted) when a newer job arrives. */
const RESTART_AFTER_MS = 150;

export interface ConverterRun {
  answer: ConverterAnswer;
  /** Wall-clock time from sending the job to receiving the answer. */
  elapsedMs: number;
}

/**
 * A validate job that names a catalog schema (a name or id, or "auto" with a file name): its first check
 * fetches and compiles that schema (tsconfig's: a second or so), which a restart would throw away, so
 * such a job runs to its end; later ones, compiled already, are cut short as any other. Schema text
 * always holds a `{`, `[`, `:` or a line break; a name never does.
 */
function catalogKey(job: ConverterJob): string | null {
  if (job.kind !== 'validate' || typeof job.request.schema !== 'string' || /[\n{}[\]:]/.test(job.request.schema)) return null;
  const schema = job.request.schema.trim().toLowerCase();
  return schema === 'auto' ? `auto ${job.request.filename ?? ''}` : schema;
}

interface Pending {
  id: number;
  job: ConverterJob;
  resolve: (run: ConverterRun | null) => void;
  startedAt?: number;
}

export class ConverterClient {
  private worker: Worker | null = null;
  private nextId = 1;
  private running: Pending | null = null;
  private queued: Pending | null = null;
  /** Catalog schemas the current worker has checked with once (compiled, cached in it). */
  private readonly warm = new Set<string>();

  constructor(private readonly url: string = CONVERTER_WORKER_URL) {}

  run(job: ConverterJob): Promise<ConverterRun | null> {
    return new Promise((resolve) => {
      const pending: Pending = { id: this.nextId++, job, resolve };
      this.queued?.resolve(null);
      this.queued = pending;
      if (this.running && performance.now() - (this.running.startedAt ?? 0) > RESTART_AFTER_MS && !this.isFirstCatalogCheck(this.running)) {
        this.running.resolve(null);
        this.running = null;
        this.terminate();
      }
      this.pump();
    });
  }

  private isFirstCatalogCheck(pending: Pending): boolean {
    const key = catalogKey(pending.job);
    return key !== null && !this.warm.has(key);
  }

  private terminate(): void {
    this.worker?.terminate();
    this.worker = null;
    this.warm.clear();
  }

  dispose(): void {
    this.terminate();
    this.running?.resolve(null);
    this.queued?.resolve(null);
    this.running = this.queued = null;
  }

  private pump(): void {
    if (this.running || !this.queued) return;
    const pending = this.queued;
    this.queued = null;
    this.running = pending;
    pending.startedAt = performance.now();
    const message: ConverterJobMessage = { id: pending.id, job: pending.job };
    this.getWorker().postMessage(message);
  }

  private getWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.url, { name: 'yamljson-converter' });
    worker.onmessage = (event: MessageEvent<ConverterAnswerMessage>) => {
      const running = this.running;
      if (!running || running.id !== event.data.id) return;
      this.running = null;
      const key = catalogKey(running.job);
      if (key !== null) this.warm.add(key);
      running.resolve({ answer: event.data.answer, elapsedMs: performance.now() - (running.startedAt ?? 0) });
      this.pump();
    };
    worker.onerror = (event) => {
      event.preventDefault();
      const running = this.running;
      this.running = null;
      this.terminate();
      running?.resolve({
        answer: {
          success: false,
          error: { code: 'internal_error', message: `The converter worker failed: ${event.message || 'unknown error'}` },
        },
        elapsedMs: performance.now() - (running.startedAt ?? 0),
      });
      this.pump();
    };
    this.worker = worker;
    return worker;
  }
}
