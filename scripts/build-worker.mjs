// Bundles workers/convert-worker.ts (with lib/converter) into build/convert-worker.cjs, the
// task file of the server's conversion pool. Part of `npm run build` and `npm run dev`.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function buildWorker(outfile = path.join(root, 'build', 'convert-worker.cjs')) {
  await build({
    entryPoints: [path.join(root, 'workers', 'convert-worker.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    // Piscina's `move` marks a transfer with a module-private symbol: the task must use the
    // piscina the pool's worker code runs (node_modules), not a bundled copy.
    external: ['piscina'],
    logLevel: 'warning',
  });
  return outfile;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const out = await buildWorker(process.argv[2]);
  console.log(`built ${path.relative(root, out)}`);
}
