/**
 * Test-only: reads YAML text back with independent readers and compares the result with
 * the IR it was written from. Used by the writer's unit and property tests.
 *
 * Readers:
 * - `yaml` 1.2 (core schema), integers as BigInt, mappings as Map (key order);
 * - `yaml` with `version: '1.1'` (YAML 1.1 scalars: yes/no/on/off, sexagesimal, timestamps, ...);
 * - js-yaml, CORE_SCHEMA with real Maps;
 * - js-yaml, YAML11_SCHEMA with real Maps.
 */
import * as jsYaml from 'js-yaml';
import { parseAllDocuments } from 'yaml';
import type { YNode } from '../../lib/converter/types';
import { yamlNumberText } from '../../lib/converter/yaml/write-yaml';

export interface Reader {
  name: string;
  /** true when the reader gives integers as BigInt (exact), false when as Number. */
  bigInts: boolean;
  /** All documents of the stream. Throws on any error or warning. */
  readAll(text: string): unknown[];
}

function yamlReader(name: string, version: '1.1' | '1.2'): Reader {
  return {
    name,
    bigInts: true,
    readAll(text) {
      const docs = parseAllDocuments(text, { version, intAsBigInt: true, uniqueKeys: true, prettyErrors: false });
      if (!Array.isArray(docs)) throw new Error(`${name}: not a document stream`);
      return docs.map((d) => {
        const problem = d.errors[0] ?? d.warnings[0];
        if (problem) throw new Error(`${name}: ${problem.message}`);
        return d.toJS({ mapAsMap: true, maxAliasCount: -1 });
      });
    },
  };
}

function jsYamlReader(name: string, schema: jsYaml.Schema): Reader {
  const withMaps = schema.withTags(jsYaml.realMapTag);
  return {
    name,
    bigInts: false,
    readAll: (text) => jsYaml.loadAll(text, { schema: withMaps, maxDepth: 10_000 }),
  };
}

export const READERS: Reader[] = [
  yamlReader('yaml 1.2', '1.2'),
  yamlReader('yaml 1.1', '1.1'),
  jsYamlReader('js-yaml core', jsYaml.CORE_SCHEMA),
  jsYamlReader('js-yaml 1.1', jsYaml.YAML11_SCHEMA),
];

const INTEGER = /^-?\d+$/;

/**
 * Checks that `actual` (a reader's value) is the data of `node`: same kinds, same key
 * order, identical strings, numbers equal by value (integers exactly when the reader gives
 * BigInt). Returns a description of the first difference, or null.
 */
export function diff(node: YNode, actual: unknown, reader: Reader, path = '$'): string | null {
  switch (node.kind) {
    case 'null':
      return actual === null ? null : `${path}: expected null, got ${show(actual)}`;
    case 'bool':
      return actual === node.value ? null : `${path}: expected ${node.value}, got ${show(actual)}`;
    case 'string':
      return actual === node.value ? null : `${path}: expected ${show(node.value)}, got ${show(actual)}`;
    case 'number':
      return numberDiff(node.text, actual, reader, path);
    case 'seq': {
      if (!Array.isArray(actual)) return `${path}: expected a sequence, got ${show(actual)}`;
      if (actual.length !== node.items.length) return `${path}: expected ${node.items.length} items, got ${actual.length}`;
      for (let i = 0; i < actual.length; i++) {
        const d = diff(node.items[i]!, actual[i], reader, `${path}[${i}]`);
        if (d) return d;
      }
      return null;
    }
    case 'map': {
      if (!(actual instanceof Map)) return `${path}: expected a mapping, got ${show(actual)}`;
      if (actual.size !== node.entries.length) return `${path}: expected ${node.entries.length} keys, got ${actual.size}`;
      let i = 0;
      for (const [k, v] of actual) {
        const e = node.entries[i++]!;
        const kd = diff(e.key, k, reader, `${path}.<key ${i - 1}>`);
        if (kd) return kd;
        const vd = diff(e.value, v, reader, `${path}.${String(k)}`);
        if (vd) return vd;
      }
      return null;
    }
    case 'alias':
      return `${path}: aliases are not compared`;
  }
}

function numberDiff(text: string, actual: unknown, reader: Reader, path: string): string | null {
  const expected = Number(text);
  if (INTEGER.test(text)) {
    if (reader.bigInts) {
      return typeof actual === 'bigint' && actual === BigInt(text) ? null : `${path}: expected the integer ${text}, got ${show(actual)}`;
    }
    // js-yaml has no BigInt mode: integers are JS numbers, so beyond 2^53 only the
    // nearest double can be compared. (A reader limitation, not about the text we wrote.)
    return typeof actual === 'number' && actual === expected ? null : `${path}: expected the integer ${text}, got ${show(actual)}`;
  }
  if (typeof actual === 'number' && actual === expected) return null;
  // Named exception (js-yaml): a float whose value overflows a double (`1.0e+400`) is
  // valid YAML float syntax, but js-yaml's float resolver deliberately returns
  // NOT_RESOLVED for non-finite results, so the scalar falls back to a string. The `yaml`
  // readers give Infinity as the YAML spec says. Accept only exactly that case.
  if (!reader.bigInts && !Number.isFinite(expected) && typeof actual === 'string' && actual === yamlNumberText({ kind: 'number', text })) {
    return null;
  }
  return `${path}: expected the number ${text}, got ${show(actual)}`;
}

function show(v: unknown): string {
  if (typeof v === 'bigint') return `${v}n`;
  if (v instanceof Map) return `Map(${v.size})`;
  if (typeof v === 'string') return JSON.stringify(v);
  if (Array.isArray(v)) return `Array(${v.length})`;
  return String(v);
}

/** What `portable: false` output promises: the same data to YAML 1.2 readers (the `yaml` package's core schema). */
export const YAML_12_READERS: Reader[] = READERS.filter((reader) => reader.name === 'yaml 1.2');

/** Reads `text` with every reader (or those given) and checks each document against `expected`. Returns the problems. */
export function readBackProblems(text: string, expected: Array<YNode | null>, readers: Reader[] = READERS): string[] {
  const problems: string[] = [];
  for (const reader of readers) {
    let docs: unknown[];
    try {
      docs = reader.readAll(text);
    } catch (e) {
      problems.push(`${reader.name}: ${(e as Error).message.split('\n')[0]}`);
      continue;
    }
    if (docs.length !== expected.length) {
      problems.push(`${reader.name}: expected ${expected.length} documents, got ${docs.length}`);
      continue;
    }
    for (let i = 0; i < docs.length; i++) {
      const node = expected[i] ?? { kind: 'null' as const };
      const d = diff(node, docs[i], reader);
      if (d) problems.push(`${reader.name}: document ${i}: ${d}`);
    }
  }
  return problems;
}
