/**
 * Writes the benchmark corpus to bench/corpus/: for each document kind and size, the YAML
 * text and its JSON form (made here with the `yaml` package, so that it does not depend
 * on our converter). Every YAML file is checked to parse, to the same data, with both
 * `yaml` and `js-yaml`. Deterministic: the same generator version writes the same bytes.
 *
 *   npm run bench:corpus -- [--sizes 10k,1m,10m] [--with-100mb] [--only <name>] [--force]
 */
import fs from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { CORE_SCHEMA, load, loadAll, mergeTag } from 'js-yaml';
import { parse, parseAllDocuments } from 'yaml';
import {
  CORPUS_DIR,
  CORPUS_VERSION,
  DEFAULT_TIERS,
  DOCUMENTS,
  MANIFEST_PATH,
  SIZE_TIERS,
  entryKey,
  jsonPath,
  parseTiers,
  yamlPath,
  type DocumentName,
  type Manifest,
  type SizeTier,
} from './corpus-spec';
import { generateDocument } from './documents';

const JS_YAML_SCHEMA = CORE_SCHEMA.withTags(mergeTag);

/** The document as data, read by `yaml` the way the benchmark's baseline reads it. */
export function readWithYaml(text: string, stream: boolean): unknown {
  if (!stream) return parse(text, { merge: true, maxAliasCount: -1 });
  const docs = parseAllDocuments(text, { merge: true });
  if (!Array.isArray(docs)) return [];
  for (const d of docs) {
    const first = d.errors[0];
    if (first) throw first;
  }
  return docs.map((d) => d.toJS({ maxAliasCount: -1 }) as unknown);
}

/** The document as data, read by `js-yaml` (merge keys on, no merge-key limit). */
export function readWithJsYaml(text: string, stream: boolean): unknown {
  const options = { schema: JS_YAML_SCHEMA, maxTotalMergeKeys: -1 };
  return stream ? loadAll(text, options) : load(text, options);
}

export function readManifest(): Manifest {
  try {
    const m = JSON.parse(fs.readFileSync(MANIFEST_PATH, 'utf8')) as Manifest;
    if (m.version === CORPUS_VERSION && typeof m.entries === 'object' && m.entries !== null) return m;
  } catch {
    // missing or unreadable: start over
  }
  return { version: CORPUS_VERSION, entries: {} };
}

/** True when the corpus holds these documents, from this generator version. */
export function corpusIsComplete(docs: readonly DocumentName[], tiers: readonly SizeTier[]): boolean {
  const m = readManifest();
  return docs.every((doc) =>
    tiers.every((tier) => m.entries[entryKey(doc, tier)] !== undefined && fs.existsSync(yamlPath(doc, tier)) && fs.existsSync(jsonPath(doc, tier))),
  );
}

/** The seed each document kind is generated with (tests generate the same documents). */
export function seedOf(name: string): number {
  let h = 2166136261;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 16777619);
  return h >>> 0;
}

function mb(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${(bytes / 1024).toFixed(1)} KB`;
}

function gc(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

/** Above this size the `yaml` reading is done chunk by chunk (see GeneratedDocument). */
const WHOLE_PARSE_MAX_BYTES = 2 * 1024 * 1024;
const CHUNK_BYTES = 256 * 1024;

/** The collection at `path` inside `value`. */
function collectionAt(value: unknown, path: readonly string[]): unknown {
  let v = value;
  for (const key of path) v = (v as Record<string, unknown>)[key];
  return v;
}

/** Joins the chunks' values into the whole document's value: the split collections are concatenated. */
function combineChunks(values: unknown[], splitAt: readonly (readonly string[])[]): unknown {
  const [first, ...rest] = values;
  for (const path of splitAt) {
    const target = collectionAt(first, path);
    for (const v of rest) {
      const part = collectionAt(v, path);
      if (Array.isArray(target) && Array.isArray(part)) {
        for (const item of part) target.push(item);
      } else if (typeof target === 'object' && target !== null && typeof part === 'object' && part !== null) {
        Object.assign(target, part);
      } else {
        throw new Error(`cannot join chunks at ${path.join('.') || '(top)'}`);
      }
    }
  }
  return first;
}

function generateOne(doc: (typeof DOCUMENTS)[number], tier: SizeTier, manifest: Manifest): void {
  const started = Date.now();
  const generated = generateDocument(doc.name, SIZE_TIERS[tier], seedOf(doc.name));
  const yamlText = generated.text;
  const yamlBytes = Buffer.byteLength(yamlText);

  // The JSON form comes from `yaml`. Big documents are read chunk by chunk, because
  // `yaml` resolves each alias by scanning the document (minutes for a 10 MB Compose file);
  // the js-yaml reading of the whole text below proves the joined result right.
  const viaYaml =
    yamlBytes <= WHOLE_PARSE_MAX_BYTES
      ? readWithYaml(yamlText, doc.stream)
      : combineChunks(
          generated.chunks(CHUNK_BYTES).map((chunk) => readWithYaml(chunk, doc.stream)),
          generated.splitAt,
        );
  const jsonText = JSON.stringify(viaYaml, null, 2) + '\n';
  const viaJsYaml = readWithJsYaml(yamlText, doc.stream);
  const jsYamlText = JSON.stringify(viaJsYaml, null, 2) + '\n';
  if (jsYamlText !== jsonText && !isDeepStrictEqual(JSON.parse(jsYamlText), JSON.parse(jsonText))) {
    throw new Error(`${doc.name}.${tier}: yaml and js-yaml read different data`);
  }

  fs.writeFileSync(yamlPath(doc.name, tier), yamlText);
  fs.writeFileSync(jsonPath(doc.name, tier), jsonText);
  const jsonBytes = Buffer.byteLength(jsonText);
  manifest.entries[entryKey(doc.name, tier)] = { doc: doc.name, tier, stream: doc.stream, yamlBytes, jsonBytes };
  console.log(
    `  ${`${doc.name}.${tier}`.padEnd(24)} yaml ${mb(yamlBytes).padStart(9)}   json ${mb(jsonBytes).padStart(9)}   ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

export function generateCorpus(tiers: readonly SizeTier[], only: string | undefined, force: boolean): void {
  fs.mkdirSync(CORPUS_DIR, { recursive: true });
  const manifest = readManifest();
  const docs = DOCUMENTS.filter((d) => only === undefined || d.name.includes(only));
  console.log(`Generating the benchmark corpus in ${CORPUS_DIR} (checked with yaml and js-yaml):`);
  for (const tier of tiers) {
    for (const doc of docs) {
      const have =
        manifest.entries[entryKey(doc.name, tier)] !== undefined &&
        fs.existsSync(yamlPath(doc.name, tier)) &&
        fs.existsSync(jsonPath(doc.name, tier));
      if (have && !force) continue;
      generateOne(doc, tier, manifest);
      // Write the manifest after every file, so an interrupted run keeps what it made.
      fs.writeFileSync(MANIFEST_PATH, JSON.stringify(manifest, null, 2) + '\n');
      gc();
    }
  }
}

function main(argv: string[]): void {
  let tiers: SizeTier[] = [...DEFAULT_TIERS];
  let only: string | undefined;
  let force = false;
  let with100 = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = (): string => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === '--sizes') tiers = parseTiers(value());
    else if (a === '--with-100mb') with100 = true;
    else if (a === '--only') only = value();
    else if (a === '--force') force = true;
    else throw new Error(`Unknown argument ${a}. Usage: generate-corpus [--sizes 10k,1m,10m] [--with-100mb] [--only <name>] [--force]`);
  }
  if (with100 && !tiers.includes('100m')) tiers.push('100m');
  generateCorpus(tiers, only, force);
}

if (process.argv[1] !== undefined && /generate-corpus\.ts$/.test(process.argv[1])) {
  try {
    main(process.argv.slice(2));
  } catch (e) {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  }
}
