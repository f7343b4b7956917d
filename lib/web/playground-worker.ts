// The playground's converter web worker: runs lib/converter off the main thread so typing never waits
// for a conversion. Bundled by scripts/build-web-workers.mjs into public/workers/convert.worker.js.
import { BrowserCatalog } from './browser-catalog';
import type { ConverterAnswerMessage, ConverterJobMessage } from './converter-protocol';
import { runConverterJob } from './run-converter-job';

/** The schema catalog, fetched from this site as jobs need it, kept while the worker lives. */
const catalog = new BrowserCatalog();

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ConverterJobMessage>) => void) | null;
  postMessage(message: ConverterAnswerMessage): void;
};

scope.onmessage = async (event) => {
  const { id, job } = event.data;
  if (job.kind === 'validate' && BrowserCatalog.wanted(job.request)) {
    try {
      await catalog.prepare(job.request);
    } catch (err) {
      const message = `The schema catalog could not be loaded from this site (${err instanceof Error ? err.message : String(err)}); try again.`;
      scope.postMessage({ id, answer: { success: false, error: { code: 'unavailable', message } } });
      return;
    }
  }
  scope.postMessage({ id, answer: runConverterJob(job, catalog) });
};
