// The messages between the server's conversion pool (lib/api/run-converter.ts) and its worker
// threads (workers/pool-worker.ts, bundled to build/pool-worker.cjs).
import type { ConversionJob, JobOutcome } from './conversion-job';

export interface WorkerTask {
  /** Names the task in the "started" message, which starts its time limit. */
  id: number;
  job: ConversionJob;
}

/** Posted on parentPort (the pool emits it as 'message') when a task leaves the queue. */
export interface TaskStarted {
  started: number;
}

/** The answer, or the refusal as its error's `toJSON()` data (a thrown error would lose its class and fields on the way). */
export type WorkerAnswer = JobOutcome;
