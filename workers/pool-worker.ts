// The task of the conversion pool's worker threads (piscina): answers one conversion job off the
// server's event loop. Bundled by scripts/build-worker.mjs (piscina stays external: it must be
// the same module the pool's own worker code loaded); run by lib/api/run-converter.ts, which it
// never imports: both speak lib/jobs' worker protocol.
import { parentPort } from 'node:worker_threads';
import { move, transferableSymbol, valueSymbol } from 'piscina';
import { answerJob } from '../lib/jobs/conversion-job';
import { serializeError, type TaskStarted, type WorkerAnswer, type WorkerTask } from '../lib/jobs/worker-protocol';

export default function convertInWorker(task: WorkerTask): WorkerAnswer {
  parentPort?.postMessage({ started: task.id } satisfies TaskStarted);
  let answer: WorkerAnswer;
  try {
    answer = { ok: true, answer: answerJob(task.job) };
  } catch (err) {
    // The error crosses the thread as data (the pool revives it).
    return { ok: false, error: serializeError(err) };
  }
  // The answer's bytes go back by transfer, not by a copy made on the server's event loop.
  const body = answer.answer.body;
  const ownsBuffer = body.byteOffset === 0 && body.buffer.byteLength === body.byteLength && body.byteLength > Buffer.poolSize;
  if (!ownsBuffer) return answer;
  return move({ [transferableSymbol]: body.buffer, [valueSymbol]: answer }) as unknown as WorkerAnswer;
}
