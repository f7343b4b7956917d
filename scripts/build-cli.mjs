// Bundles the `yamljson` CLI (packages/cli/src/main.ts, with lib/converter, lib/schema, lib/catalog and
// the packages they use: yaml, ajv) into one file, packages/cli/dist/yamljson.cjs (the schema catalog
// beside it, dist/catalog), which the package's
// bin (packages/cli/bin/yamljson.cjs) loads. Part of `npm run build` and `npm test`; `npm run build:cli`.
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const CLI_BUNDLE = path.join(root, 'packages', 'cli', 'dist', 'yamljson.cjs');

export async function buildCli(outfile = CLI_BUNDLE) {
  const { metafile } = await build({
    entryPoints: [path.join(root, 'packages', 'cli', 'src', 'main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    // Everything inside: the published package has no dependencies (the '@/' paths of tsconfig.json resolve here).
    packages: 'bundle',
    minify: true,
    legalComments: 'none',
    metafile: true,
    logLevel: 'warning',
  });
  writeLicenses(metafile, path.join(path.dirname(outfile), 'THIRD_PARTY_LICENSES.txt'));
  copyCatalog(path.join(path.dirname(outfile), 'catalog'));
  return outfile;
}

/**
 * The built-in schema catalog beside the bundle (`--schema NAME`, `--schema auto`, offline): the same
 * files the server reads (schemastore/: the index, the compressed schemas, SchemaStore's licence and
 * where they come from), read lazily by the bundle's lib/catalog.
 */
function copyCatalog(into) {
  rmSync(into, { recursive: true, force: true });
  cpSync(path.join(root, 'schemastore'), into, { recursive: true });
}

/** The licence text of every package the bundle holds code of (published beside it: MIT and ISC ask for the notice). */
function writeLicenses(metafile, file) {
  const packages = new Map();
  for (const input of Object.keys(metafile.inputs)) {
    const match = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
    if (!match) continue;
    const dir = path.join(root, input.slice(0, match.index + match[0].length));
    if (packages.has(dir)) continue;
    const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
    const licenseFile = existsSync(dir) ? readdirSync(dir).find((f) => /^(licen[cs]e|copying)(\.|$)/i.test(f)) : undefined;
    const text = licenseFile
      ? readFileSync(path.join(dir, licenseFile), 'utf8').trim()
      : `(no licence file; package.json says ${pkg.license ?? 'nothing'})`;
    packages.set(dir, `${pkg.name}@${pkg.version} (${pkg.license ?? 'unknown'})\n\n${text}\n`);
  }
  const sorted = [...packages.values()].sort();
  writeFileSync(file, `The yamljson CLI bundle includes code of these packages:\n\n${sorted.join(`\n${'-'.repeat(72)}\n\n`)}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(`built ${path.relative(root, await buildCli(process.argv[2]))}`);
}
