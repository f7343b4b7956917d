// Bundles the browser's web workers into public/ (git-ignored, rebuilt by `npm run build`, `npm run dev`
// and `npm test`): Monaco's editor and JSON workers, which do not survive Next's bundler, and the
// playground's converter worker, which runs lib/converter off the main thread.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const monacoEsm = path.join(root, 'node_modules', 'monaco-editor', 'esm', 'vs');

/** entry -> output file, relative to the project root. */
export const WEB_WORKERS = [
  [path.join(monacoEsm, 'editor', 'editor.worker.js'), 'public/monaco/editor.worker.js'],
  [path.join(monacoEsm, 'language', 'json', 'json.worker.js'), 'public/monaco/json.worker.js'],
  [path.join(root, 'lib', 'web', 'playground-worker.ts'), 'public/workers/convert.worker.js'],
];

export async function buildWebWorkers() {
  await Promise.all(
    WEB_WORKERS.map(([entry, out]) =>
      build({
        entryPoints: [entry],
        outfile: path.join(root, out),
        bundle: true,
        format: 'iife',
        platform: 'browser',
        target: 'es2022',
        minify: true,
        legalComments: 'none',
        logLevel: 'warning',
      }),
    ),
  );
  return WEB_WORKERS.map(([, out]) => out);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  const outs = await buildWebWorkers();
  console.log(`built ${outs.join(', ')} in ${Date.now() - started} ms`);
}
