// Bundles the server's own (non-Next.js) code: workers/pool-worker.ts (with lib/converter)
// into build/pool-worker.cjs, the task file of the conversion pool, and lib/http/server.ts (the
// server: configuration, database, services, the public API's node:http front) into
// build/server.mjs, which scripts/serve.ts starts. Part of `npm run build` and `npm run dev`.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function buildWorker(outfile = path.join(root, 'build', 'pool-worker.cjs')) {
  await build({
    entryPoints: [path.join(root, 'workers', 'pool-worker.ts')],
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

/** 'server-only' marks modules Next.js must keep out of client bundles; outside Next.js it is nothing. */
const serverOnlyIsEmpty = {
  name: 'server-only-is-empty',
  setup(b) {
    b.onResolve({ filter: /^server-only$/ }, () => ({ path: 'server-only', namespace: 'empty' }));
    b.onLoad({ filter: /.*/, namespace: 'empty' }, () => ({ contents: '', loader: 'js' }));
  },
};

export async function buildServer(outfile = path.join(root, 'build', 'server.mjs')) {
  await build({
    entryPoints: [path.join(root, 'lib', 'http', 'server.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    // ESM: the generated Prisma client reads import.meta.url.
    format: 'esm',
    target: 'node20',
    // The project's own code is bundled (the '@/' paths of tsconfig.json); packages load from node_modules.
    packages: 'external',
    plugins: [serverOnlyIsEmpty],
    logLevel: 'warning',
  });
  return outfile;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const out of [await buildWorker(process.argv[2]), await buildServer()]) console.log(`built ${path.relative(root, out)}`);
}
