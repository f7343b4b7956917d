// What crosses between the server's conversion pool (lib/api/run-converter.ts) and its worker threads
// (workers/pool-worker.ts, bundled to build/pool-worker.cjs): the task, the "started" message, and the
// answer, an error travelling as its own `toJSON()` data (a thrown error would lose its class and
// fields on the way) and revived on the pool's side. This is the one place errors are serialised: on
// the request thread they are thrown and caught as they are.
import { ConversionError, type ConversionErrorJson, DeadlineExceeded, type DeadlineExceededJson } from '@/lib/converter';
import { ApiError, type ApiErrorJson, isApiError } from '@/lib/errors/api-error';
import type { ConversionJob, JobAnswer } from './conversion-job';

export interface WorkerTask {
  /** Names the task in the "started" message, which starts its time limit. */
  id: number;
  job: ConversionJob;
}

/** Posted on parentPort (the pool emits it as 'message') when a task leaves the queue. */
export interface TaskStarted {
  started: number;
}

/** The answer, or the refusal as its error's data. */
export type WorkerAnswer = { ok: true; answer: JobAnswer } | { ok: false; error: SerializedError };

/** Anything else a job threw (a bug): its stack, logged as a 500 where it is revived. */
export interface CrashJson {
  name: 'Crash';
  message: string;
}

export type SerializedError = ApiErrorJson | ConversionErrorJson | DeadlineExceededJson | CrashJson;

/** The error as data: ApiError (and its subclasses), ConversionError and DeadlineExceeded by their toJSON(), anything else as a crash. */
export function serializeError(err: unknown): SerializedError {
  if (isApiError(err) || err instanceof ConversionError || err instanceof DeadlineExceeded) return err.toJSON();
  return { name: 'Crash', message: err instanceof Error ? (err.stack ?? err.message) : String(err) };
}

/** The error that data stands for. */
export function reviveError(json: SerializedError): Error {
  switch (json.name) {
    case 'DeadlineExceeded':
      return new DeadlineExceeded((json as DeadlineExceededJson).afterMs);
    case 'Crash':
      return new Error(`conversion failed: ${json.message}`);
    case 'ConversionError': {
      const { code, message, details } = json as ConversionErrorJson;
      return new ConversionError(code, message, details);
    }
    default: {
      const { code, message, ...options } = json as ApiErrorJson;
      return new ApiError(code, message, { details: options.details, headers: options.headers, dependencies: options.dependencies });
    }
  }
}
