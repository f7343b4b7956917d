// npm run bench:schema: JSON Schema validation of the bench's Kubernetes stream
// (bench/corpus/k8s-manifests.*.yaml) against bench/k8s-schema.ts. Ours (lib/schema: read the YAML,
// ajv, and for violations the places) beside ajv alone on JSON.parse of the same documents' JSON
// text (bench/corpus/k8s-manifests.*.json), compiled once, and ours beside the same check without
// positions (our YAML -> JSON text, JSON.parse, ajv): what the positions cost, the target
// (under 2x). Also ours on the same documents as JSON text.
// Flags: --sizes 10k,1m,10m (default 10k,1m,10m), --runs N (timed runs per cell, default 5; median).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ValidateFunction } from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { fastYamlToJson } from '@/lib/converter/yaml/fast';
import { validateDocument } from '@/lib/schema';
import { K8S_MANIFEST_SCHEMA, K8S_MANIFEST_SCHEMA_STRICT } from './k8s-schema';

const args = process.argv.slice(2);
const flag = (name: string, fallback: string) => {
  const at = args.indexOf(`--${name}`);
  return at === -1 ? fallback : args[at + 1]!;
};
const sizes = flag('sizes', '10k,1m,10m').split(',');
const runs = Number(flag('runs', '5'));
const corpus = path.join(__dirname, 'corpus');

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/**
 * Median time of `fn` in ms over `runs` timed batches, after a warm-up of at least WARM_UP_MS (the
 * JIT must have compiled both sides before anything is compared). A batch repeats `fn` until it
 * has run MIN_BATCH_MS, so that a 10 KB document is timed over many calls, not one.
 */
const WARM_UP_MS = 500;
const MIN_BATCH_MS = 50;
function time<T>(fn: () => T): { ms: number; result: T } {
  let result = fn();
  for (const started = performance.now(); performance.now() - started < WARM_UP_MS; ) result = fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    let calls = 0;
    const started = performance.now();
    do {
      result = fn();
      calls++;
    } while (performance.now() - started < MIN_BATCH_MS);
    times.push((performance.now() - started) / calls);
  }
  return { ms: median(times), result };
}

const ajv = new Ajv2020({ allErrors: true, strict: false, logger: false });
addFormats(ajv);
const baselines = { valid: ajv.compile(K8S_MANIFEST_SCHEMA), violations: ajv.compile(K8S_MANIFEST_SCHEMA_STRICT) };
const schemas = { valid: K8S_MANIFEST_SCHEMA, violations: K8S_MANIFEST_SCHEMA_STRICT };

const mbps = (bytes: number, ms: number) => (bytes / 1e6 / (ms / 1000)).toFixed(1);
/** ajv over JSON.parse of a JSON text (one document, or an array of the stream's documents); the errors it found. */
function ajvOn(jsonText: string, validateBaseline: ValidateFunction, stream: boolean): number {
  let errors = 0;
  const value: unknown = JSON.parse(jsonText);
  for (const document of stream ? (value as unknown[]) : [value]) if (!validateBaseline(document)) errors += validateBaseline.errors!.length;
  return errors;
}

const rows: string[] = [];
const worst = { json: 0, floor: 0, jsonInput: 0 };
for (const size of sizes) {
  const yaml = readFileSync(path.join(corpus, `k8s-manifests.${size}.yaml`), 'utf8');
  const json = readFileSync(path.join(corpus, `k8s-manifests.${size}.json`), 'utf8');
  // The same documents as one JSON document (an array): what `type: json` validation reads.
  const jsonDocument = `{"items": ${json}}`;
  for (const kind of ['valid', 'violations'] as const) {
    const ours = time(() => validateDocument({ input: yaml, type: 'yaml', schema: schemas[kind] }));
    const theirs = time(() => ajvOn(json, baselines[kind], true));
    // The floor for YAML without positions: our YAML -> JSON text, JSON.parse, ajv.
    const floor = time(() => ajvOn(fastYamlToJson(yaml)!.output, baselines[kind], true));
    const itemsSchema = { type: 'object', properties: { items: { type: 'array', items: schemas[kind] } } };
    const ajvItems = ajv.compile(itemsSchema);
    const oursJson = time(() => validateDocument({ input: jsonDocument, type: 'json', schema: itemsSchema }));
    const theirsJson = time(() => ajvOn(jsonDocument, ajvItems, false));
    const ourErrors = ours.result.errors.length;
    if ((kind === 'valid') !== (ourErrors === 0) || (kind === 'valid') !== (theirs.result === 0) || (kind === 'valid') !== oursJson.result.valid) {
      throw new Error(`${size} ${kind}: ours found ${ourErrors} violations, ajv ${theirs.result}`);
    }
    const ratio = { json: ours.ms / theirs.ms, floor: ours.ms / floor.ms, jsonInput: oursJson.ms / theirsJson.ms };
    for (const key of ['json', 'floor', 'jsonInput'] as const) worst[key] = Math.max(worst[key], ratio[key]);
    rows.push(
      [
        size.padEnd(5),
        kind.padEnd(10),
        `${mbps(Buffer.byteLength(yaml), ours.ms)} MB/s ${ours.ms.toFixed(1)} ms (${ourErrors} placed)`.padEnd(34),
        `${mbps(Buffer.byteLength(json), theirs.ms)} MB/s ${theirs.ms.toFixed(1)} ms`.padEnd(24),
        `${ratio.json.toFixed(2)}x`.padEnd(7),
        `${floor.ms.toFixed(1)} ms`.padEnd(10),
        `${ratio.floor.toFixed(2)}x`.padEnd(7),
        `${mbps(Buffer.byteLength(jsonDocument), oursJson.ms)} MB/s vs ${mbps(Buffer.byteLength(jsonDocument), theirsJson.ms)} MB/s`.padEnd(26),
        `${ratio.jsonInput.toFixed(2)}x`,
      ].join(' '),
    );
  }
}
console.log(
  [
    'size'.padEnd(5),
    'case'.padEnd(10),
    'ours on the YAML'.padEnd(34),
    'ajv on JSON.parse'.padEnd(24),
    'ratio'.padEnd(7),
    'YAML->JSON->ajv'.padEnd(10),
    'ratio'.padEnd(7),
    'ours on JSON vs ajv on JSON.parse'.padEnd(26),
    'ratio',
  ].join(' '),
);
for (const row of rows) console.log(row);
const line = (ok: boolean, what: string, value: number) => console.log(`${ok ? 'PASS' : 'FAIL'} ${what} (worst ${value.toFixed(2)}x)`);
// The target: what positions cost, against the same check without them. The two other
// ratios are printed for the reader, not as targets: on YAML, most of the gap to ajv on JSON.parse
// is reading YAML at all (our YAML reader runs at about a fifth of JSON.parse's speed); on JSON,
// it is the depth scan that keeps ajv's recursion within the converter's nesting limit.
line(worst.floor < 2, 'positions cost under 2x: ours within 2x of YAML -> JSON -> JSON.parse -> ajv (no positions)', worst.floor);
console.log(`info  YAML schema validation vs ajv on JSON.parse of the same documents: worst ${worst.json.toFixed(2)}x (reading YAML included)`);
console.log(`info  JSON schema validation vs ajv on JSON.parse of the same text: worst ${worst.jsonInput.toFixed(2)}x`);
