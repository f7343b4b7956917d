// Tells Monaco where its web workers are: bundled by scripts/build-web-workers.mjs into public/monaco/,
// because they do not survive Next's bundler. Must run before Monaco loads.
type WorkerFactory = { getWorker(workerId: string, label: string): Worker };

const scope = globalThis as typeof globalThis & { MonacoEnvironment?: WorkerFactory };

scope.MonacoEnvironment = {
  getWorker(_workerId, label) {
    const file = label === 'json' ? 'json.worker.js' : 'editor.worker.js';
    return new Worker(`/monaco/${file}`, { name: `monaco-${label}` });
  },
};
