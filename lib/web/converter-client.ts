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

  constructor(private readonly url: string = CONVERTER_WORKER_URL) {}

  run(job: ConverterJob): Promise<ConverterRun | null> {
    return new Promise((resolve) => {
      const pending: Pending = { id: this.nextId++, job, resolve };
      this.queued?.resolve(null);
      this.queued = pending;
      if (this.running && performance.now() - (this.running.startedAt ?? 0) > RESTART_AFTER_MS) {
        this.running.resolve(null);
        this.running = null;
        this.worker?.terminate();
        this.worker = null;
      }
      this.pump();
    });
  }

  dispose(): void {
    this.worker?.terminate();
    this.worker = null;
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
      running.resolve({ answer: event.data.answer, elapsedMs: performance.now() - (running.startedAt ?? 0) });
      this.pump();
    };
    worker.onerror = (event) => {
      event.preventDefault();
      const running = this.running;
      this.running = null;
      this.worker?.terminate();
      this.worker = null;
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
