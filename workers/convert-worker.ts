// Runs one conversion off the server's main thread, inside a worker with its own heap limit.
// Bundled by scripts/build-worker.mjs; started by lib/api/run-converter.ts.
import { parentPort } from 'node:worker_threads';
import { convert, isConversionError, validate } from '../lib/converter';
import type { ConvertRequest, ValidateRequest } from '../lib/converter';

export type WorkerJob = { kind: 'convert'; request: ConvertRequest } | { kind: 'validate'; request: ValidateRequest };

export type WorkerAnswer =
  | { ok: true; result: unknown }
  | { ok: false; error: { code: string; message: string; details?: unknown } }
  | { ok: false; crash: string };

parentPort!.once('message', (job: WorkerJob) => {
  let answer: WorkerAnswer;
  try {
    answer = { ok: true, result: job.kind === 'convert' ? convert(job.request) : validate(job.request) };
  } catch (err) {
    answer = isConversionError(err)
      ? { ok: false, error: { code: err.code, message: err.message, details: err.details } }
      : { ok: false, crash: err instanceof Error ? (err.stack ?? err.message) : String(err) };
  }
  parentPort!.postMessage(answer);
});
