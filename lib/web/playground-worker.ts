// The playground's converter web worker: runs lib/converter off the main thread so typing never waits
// for a conversion. Bundled by scripts/build-web-workers.mjs into public/workers/convert.worker.js.
import type { ConverterAnswerMessage, ConverterJobMessage } from './converter-protocol';
import { runConverterJob } from './run-converter-job';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ConverterJobMessage>) => void) | null;
  postMessage(message: ConverterAnswerMessage): void;
};

scope.onmessage = (event) => {
  const { id, job } = event.data;
  scope.postMessage({ id, answer: runConverterJob(job) });
};
