// Where a conversion runs: small bodies in-process, large ones in a pool of worker threads
// (piscina) with a heap limit, a time limit and a bounded queue, so a huge document can
// neither stall nor crash the server.
import 'server-only';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { Piscina } from 'piscina';
import type { TaskStarted, WorkerAnswer, WorkerTask } from '@/workers/convert-worker';
import { config } from './config';
import { failureError, jobOutcome, type ConversionJob, type JobAnswer, type JobFailure, type JobOutcome } from './conversion-job';

export interface RunLimits {
  /** Bodies of at least this many bytes are answered in a worker. */
  workerFromBytes: number;
  /** Heap (old generation) of one worker, in MB. */
  memoryMb: number;
  /** Wall-clock limit of one conversion in a worker, from the moment a worker takes it, in ms. */
  timeoutMs: number;
  /** Worker threads; further conversions wait in the queue. */
  maxWorkers: number;
  /** Conversions waiting for a worker; beyond this, 503. */
  maxQueued: number;
  /** The bundled worker (scripts/build-worker.mjs). */
  workerFile: string;
}

export const defaultRunLimits: RunLimits = {
  workerFromBytes: 256 * 1024,
  memoryMb: config.conversionMemoryMb,
  timeoutMs: config.conversionTimeoutMs,
  maxWorkers: Math.max(1, availableParallelism()),
  maxQueued: 64,
  workerFile: path.join(process.cwd(), 'build', 'convert-worker.cjs'),
};

/** Lower CPU priority of the workers than of the thread that serves requests (nice +10). */
const WORKER_NICE = 10;

/** Retry-After (seconds) of the 503 when the queue is full. */
const RETRY_AFTER_SECONDS = 5;

export class ConversionPool {
  readonly limits: RunLimits;
  #pool: Piscina<WorkerTask, WorkerAnswer> | undefined;
  #nextId = 1;
  /** Started callbacks of the tasks in a worker or waiting for one, by task id. */
  #pending = new Map<number, () => void>();
  /** Ids of the tasks a worker has taken. */
  #running = new Set<number>();

  constructor(limits: RunLimits = defaultRunLimits) {
    this.limits = limits;
  }

  /** Conversions in a worker now, and conversions waiting for one. */
  stats(): { running: number; queued: number } {
    return { running: this.#running.size, queued: this.#pending.size - this.#running.size };
  }

  /** Thread ids of the pool's workers (diagnostics, tests: a stopped worker is replaced by a new one). */
  workerThreadIds(): number[] {
    return (this.#pool?.threads ?? []).map((worker) => worker.threadId);
  }

  /** Answers the job here (small body) or in a worker; `signal` is the client's request. */
  async run(job: ConversionJob, signal?: AbortSignal): Promise<JobAnswer> {
    return settle(await this.outcome(job, signal));
  }

  /**
   * The same as `run`, with a refusal returned as data rather than thrown: the server's pool is
   * shared through globalThis by every copy of this module, and each caller makes its own errors.
   */
  async outcome(job: ConversionJob, signal?: AbortSignal): Promise<JobOutcome> {
    if (job.body.byteLength < this.limits.workerFromBytes) return jobOutcome(job);
    if (!existsSync(this.limits.workerFile)) {
      warnOnce(`[run-converter] ${this.limits.workerFile} is missing (run \`npm run build\`); converting on the main thread.`);
      return jobOutcome(job);
    }
    if (signal?.aborted) return refused(CANCELLED);
    if (this.#pending.size >= this.limits.maxWorkers + this.limits.maxQueued) return refused(BUSY);
    return this.#inWorker(job, signal);
  }

  /** Starts the workers now rather than at the first large conversion. */
  start(): void {
    this.#piscina();
  }

  /** Stops the workers (tests; the server's pool lives as long as the process). */
  async close(): Promise<void> {
    const pool = this.#pool;
    this.#pool = undefined;
    await pool?.destroy();
  }

  #piscina(): Piscina<WorkerTask, WorkerAnswer> {
    if (!this.#pool) {
      const pool = new Piscina<WorkerTask, WorkerAnswer>({
        filename: this.limits.workerFile,
        minThreads: this.limits.maxWorkers,
        maxThreads: this.limits.maxWorkers,
        maxQueue: this.limits.maxQueued,
        concurrentTasksPerWorker: 1,
        resourceLimits: { maxOldGenerationSizeMb: this.limits.memoryMb },
        // An idle worker waits in its event loop rather than in Atomics.wait, so V8 can
        // give back the memory of a large conversion once it is done.
        atomics: 'disabled',
        // Workers yield the CPU to the event loop when cores are short (Linux: per thread).
        niceIncrement: WORKER_NICE,
      });
      pool.on('message', (message: TaskStarted) => this.#pending.get(message.started)?.());
      // Errors of a worker with no task (none expected) must not crash the server.
      pool.on('error', (err: unknown) => console.error('[run-converter] conversion worker error:', err));
      this.#pool = pool;
    }
    return this.#pool;
  }

  async #inWorker(job: ConversionJob, signal: AbortSignal | undefined): Promise<JobOutcome> {
    const id = this.#nextId++;
    // Aborting the task makes piscina terminate its worker (and start a new one).
    const stop = new AbortController();
    let timedOut = false;
    let timer: NodeJS.Timeout | undefined;
    this.#pending.set(id, () => {
      this.#running.add(id);
      timer = setTimeout(() => {
        timedOut = true;
        stop.abort();
      }, this.limits.timeoutMs);
    });
    // A client that went away does not keep a worker busy, nor its place in the queue.
    const onClientAbort = () => stop.abort();
    signal?.addEventListener('abort', onClientAbort, { once: true });
    try {
      return await this.#piscina().run(
        { id, job },
        { signal: stop.signal, transferList: [...new Set(job.body.blocks.map((block) => block.buffer as ArrayBuffer))] },
      );
    } catch (err) {
      if (timedOut) {
        return refused({
          kind: 'conversion',
          code: 'limit_exceeded',
          message: `Converting this input took longer than ${this.limits.timeoutMs / 1000} s, the limit for one conversion.`,
        });
      }
      if (stop.signal.aborted) return refused(CANCELLED);
      if ((err as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
        return refused({
          kind: 'conversion',
          code: 'limit_exceeded',
          message: `Converting this input needs more than ${this.limits.memoryMb} MB of memory, the limit for one conversion.`,
        });
      }
      if (err instanceof Error && /queue is at limit|no task queue available/i.test(err.message)) return refused(BUSY);
      return refused({ kind: 'crash', message: err instanceof Error ? (err.stack ?? err.message) : String(err) });
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onClientAbort);
      this.#pending.delete(id);
      this.#running.delete(id);
    }
  }
}

function refused(failure: JobFailure): JobOutcome {
  return { ok: false, failure };
}

/** The answer, or the outcome's error thrown with this module copy's classes. */
function settle(outcome: JobOutcome): JobAnswer {
  if (outcome.ok) return outcome.answer;
  throw failureError(outcome.failure);
}

const BUSY: JobFailure = {
  kind: 'api',
  code: 'unavailable',
  message: 'The server is busy with large conversions; try again in a few seconds.',
  headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) },
};

/** Nobody reads this answer (the client is gone); it only must not be logged as a 500. */
const CANCELLED: JobFailure = { kind: 'api', code: 'bad_request', message: 'The client closed the request; its conversion was stopped.' };

let warned = false;
function warnOnce(message: string): void {
  if (warned) return;
  warned = true;
  console.error(message);
}

/** One pool per process, even if the module is loaded twice (dev reloads, several route bundles). */
const holder = globalThis as typeof globalThis & { __yamljsonConversionPool?: ConversionPool };

function serverPool(): ConversionPool {
  holder.__yamljsonConversionPool ??= new ConversionPool();
  return holder.__yamljsonConversionPool;
}

/**
 * Answers a conversion job with the server's pool. `client.signal` is read only for a job that
 * goes to a worker (the node:http front creates it on first use; small jobs never need it).
 */
export async function runConversionJob(job: ConversionJob, client?: { readonly signal: AbortSignal }): Promise<JobAnswer> {
  const pool = serverPool();
  const signal = job.body.byteLength < pool.limits.workerFromBytes ? undefined : client?.signal;
  return settle(await pool.outcome(job, signal));
}

/** Starts the server pool's workers (instrumentation.ts, at start-up); without the bundled worker, nothing to start. */
export function startConversionPool(): void {
  const pool = serverPool();
  if (existsSync(pool.limits.workerFile)) pool.start();
}
