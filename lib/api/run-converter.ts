// Runs convert/validate: small inputs in-process, large ones in a worker thread with its own
// heap limit and a time limit, so a huge document can neither stall nor crash the server.
import 'server-only';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import {
  ConversionError,
  convert,
  validate,
  type ConvertRequest,
  type ConvertResult,
  type ValidateRequest,
  type ValidateResult,
  type ValidationIssue,
} from '@/lib/converter';
import type { WorkerAnswer, WorkerJob } from '@/workers/convert-worker';
import { config } from './config';
import { ApiError } from './errors';

export interface RunLimits {
  /** Inputs of at least this many UTF-16 units go to a worker. */
  workerFromChars: number;
  /** Heap (old generation) of one worker, in MB. */
  memoryMb: number;
  /** Wall-clock limit of one conversion in a worker, in ms. */
  timeoutMs: number;
  /** Workers running at once; further conversions wait. */
  maxWorkers: number;
  /** Conversions waiting for a worker; beyond this, 503. */
  maxQueued: number;
  /** The bundled worker (scripts/build-worker.mjs). */
  workerFile: string;
}

export const defaultRunLimits: RunLimits = {
  workerFromChars: 256 * 1024,
  memoryMb: config.conversionMemoryMb,
  timeoutMs: config.conversionTimeoutMs,
  maxWorkers: Math.max(1, availableParallelism()),
  maxQueued: 64,
  workerFile: path.join(process.cwd(), 'build', 'convert-worker.cjs'),
};

export function runConvert(request: ConvertRequest, signal?: AbortSignal, limits = defaultRunLimits): Promise<ConvertResult> {
  return run({ kind: 'convert', request }, signal, limits) as Promise<ConvertResult>;
}

export function runValidate(request: ValidateRequest, signal?: AbortSignal, limits = defaultRunLimits): Promise<ValidateResult> {
  return run({ kind: 'validate', request }, signal, limits) as Promise<ValidateResult>;
}

async function run(job: WorkerJob, signal: AbortSignal | undefined, limits: RunLimits): Promise<unknown> {
  if (job.request.input.length < limits.workerFromChars) return inProcess(job);
  if (!existsSync(limits.workerFile)) {
    warnOnce(`[run-converter] ${limits.workerFile} is missing (run \`npm run build\`); converting on the main thread.`);
    return inProcess(job);
  }
  const release = await acquireWorkerSlot(limits);
  try {
    return await inWorker(job, signal, limits);
  } finally {
    release();
  }
}

function inProcess(job: WorkerJob): unknown {
  return job.kind === 'convert' ? convert(job.request) : validate(job.request);
}

/* A counting semaphore: at most maxWorkers conversions in workers, maxQueued waiting. */
let running = 0;
const waiting: Array<() => void> = [];

function acquireWorkerSlot(limits: RunLimits): Promise<() => void> {
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
  if (running < limits.maxWorkers) {
    running++;
    return Promise.resolve(release);
  }
  if (waiting.length >= limits.maxQueued) {
    throw new ApiError('unavailable', 'The server is busy with large conversions; try again in a few seconds.', {
      headers: { 'Retry-After': '5' },
    });
  }
  return new Promise((resolve) => waiting.push(() => resolve(release)));
}

function inWorker(job: WorkerJob, signal: AbortSignal | undefined, limits: RunLimits): Promise<unknown> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(cancelled());
    const worker = new Worker(limits.workerFile, {
      resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb },
    });
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      void worker.terminate();
      fn();
    };
    const timer = setTimeout(
      () =>
        finish(() =>
          reject(
            new ConversionError(
              'limit_exceeded',
              `Converting this input took longer than ${limits.timeoutMs / 1000} s, the limit for one conversion.`,
            ),
          ),
        ),
      limits.timeoutMs,
    );
    // A client that went away does not keep a worker busy.
    const onAbort = () => finish(() => reject(cancelled()));
    signal?.addEventListener('abort', onAbort, { once: true });

    worker.once('message', (answer: WorkerAnswer) =>
      finish(() => {
        if (answer.ok) resolve(answer.result);
        else if ('error' in answer) {
          const { code, message, details } = answer.error;
          reject(new ConversionError(code as ConversionError['code'], message, details as ValidationIssue[] | undefined));
        } else reject(new Error(`conversion worker failed: ${answer.crash}`));
      }),
    );
    worker.once('error', (err: Error & { code?: string }) =>
      finish(() =>
        reject(
          err.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new ConversionError(
                'limit_exceeded',
                `Converting this input needs more than ${limits.memoryMb} MB of memory, the limit for one conversion.`,
              )
            : err,
        ),
      ),
    );
    worker.once('exit', (code) => finish(() => reject(new Error(`conversion worker exited with code ${code}`))));
    worker.postMessage(job);
  });
}

/** Nobody reads this answer (the client is gone); it only must not be logged as a 500. */
function cancelled(): ApiError {
  return new ApiError('bad_request', 'The client closed the request; its conversion was stopped.');
}

let warned = false;
function warnOnce(message: string): void {
  if (warned) return;
  warned = true;
  console.error(message);
}
