// Bundles the `yamljson` CLI (packages/cli/src/main.ts, with lib/converter and lib/schema and the
// packages they use: yaml, ajv) into one file, packages/cli/dist/yamljson.cjs, which the package's
// bin (packages/cli/bin/yamljson.cjs) loads. Part of `npm run build` and `npm test`; `npm run build:cli`.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const CLI_BUNDLE = path.join(root, 'packages', 'cli', 'dist', 'yamljson.cjs');

export async function buildCli(outfile = CLI_BUNDLE) {
  await build({
    entryPoints: [path.join(root, 'packages', 'cli', 'src', 'main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    // Everything inside: the published package has no dependencies (the '@/' paths of tsconfig.json resolve here).
    packages: 'bundle',
    minify: true,
    legalComments: 'linked',
    logLevel: 'warning',
  });
  return outfile;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(`built ${path.relative(root, await buildCli(process.argv[2]))}`);
}
