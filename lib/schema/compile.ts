// A user's JSON Schema -> an ajv validate function: the schema read (object, or JSON or YAML text),
// bounded (lib/schema/limits.ts), its draft chosen by `$schema` (lib/schema/drafts.ts), compiled once and cached (an LRU
// bounded in entries and in schema text). Every refusal is a 400 bad_request naming the problem.
// Remote `$ref`s are never fetched: ajv gets no `loadSchema`, so a reference that is not inside the
// schema fails to compile and is refused here. Nothing a schema asks for can hold a worker: patterns
// run in linear time (patterns.ts), `uniqueItems` is linear (unique-items.ts), and a schema that
// applies itself to the same value without end is refused before compiling (loops.ts).
import type Ajv from 'ajv';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { convert, ConversionError, isConversionError } from '@/lib/converter';
import { MAX_SCHEMA_CHARS, MAX_SCHEMA_DEPTH, MAX_SCHEMA_NODES, SCHEMA_CACHE_CHARS, SCHEMA_CACHE_ENTRIES } from './limits';
import { inPlaceLoop } from './loops';
import { type Draft, DRAFT_URIS, draftOf, newAjv } from './drafts';
import { linearRegExp, UnsupportedPattern } from './patterns';

export type { Draft };

export interface CompiledSchema {
  draft: Draft;
  validate: ValidateFunction;
}

function refused(message: string): ConversionError {
  return new ConversionError('bad_request', message);
}

/**
 * The schema of a request as a value: an object or a boolean as is; a string read as JSON, else as
 * YAML. Throws 400 for anything else, for text that reads as neither, and past the size bound.
 */
export function readSchema(schema: unknown): object | boolean {
  if (typeof schema === 'string') {
    if (schema.length > MAX_SCHEMA_CHARS) throw tooBig(schema.length);
    return checkSchemaValue(parseSchemaText(schema));
  }
  return checkSchemaValue(schema);
}

function parseSchemaText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // Not JSON: YAML (a superset of JSON for the schemas people write), read by the converter itself.
  }
  try {
    const { output } = convert({ input: text, inputType: 'yaml', outputType: 'json' });
    return JSON.parse(output);
  } catch (err) {
    if (!isConversionError(err)) throw err;
    const first = err.details?.[0];
    const where = first ? ` (line ${first.line}, column ${first.column}: ${first.message})` : ` (${err.message})`;
    throw refused(`Field "schema" is a string that is neither JSON nor YAML${where}.`);
  }
}

function checkSchemaValue(schema: unknown): object | boolean {
  if (typeof schema === 'boolean') return schema;
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    throw refused('Field "schema" must be a JSON Schema: an object (or true or false), or its JSON or YAML text.');
  }
  measureSchema(schema);
  return schema;
}

function tooBig(chars: number): ConversionError {
  return refused(`The schema is ${Math.ceil(chars / 1024)} KB; the limit is ${MAX_SCHEMA_CHARS / 1024} KB.`);
}

/** Depth and node count, walked without recursion (a hostile schema may nest thousands deep). */
function measureSchema(schema: object): void {
  const stack: Array<[value: unknown, depth: number]> = [[schema, 1]];
  let nodes = 0;
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (typeof value !== 'object' || value === null) continue;
    if (depth > MAX_SCHEMA_DEPTH) throw refused(`The schema nests more than ${MAX_SCHEMA_DEPTH} levels deep; the limit is ${MAX_SCHEMA_DEPTH}.`);
    if (++nodes > MAX_SCHEMA_NODES) {
      throw refused(
        `The schema has more than ${MAX_SCHEMA_NODES.toLocaleString('en-US')} objects and arrays; the limit is ${MAX_SCHEMA_NODES.toLocaleString('en-US')}.`,
      );
    }
    for (const child of Array.isArray(value) ? value : Object.values(value)) {
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
    }
  }
}

/** One shared instance per draft for users' schemas, made on first use (building one compiles its meta-schemas). */
const instances = new Map<Draft, Ajv>();

function ajvFor(draft: Draft): Ajv {
  let ajv = instances.get(draft);
  if (ajv === undefined) {
    ajv = newAjv(draft, linearRegExp);
    instances.set(draft, ajv);
  }
  return ajv;
}

interface CacheEntry {
  compiled: CompiledSchema;
  chars: number;
}

/** Insertion order is recency: a hit moves its entry to the end; eviction takes from the front. */
const cache = new Map<string, CacheEntry>();
let cachedChars = 0;
const counters = { compilations: 0, hits: 0 };

/** Diagnostics and tests: compilations run and cache hits since the process started, and the cache's size now. */
export function schemaCacheStats(): { compilations: number; hits: number; entries: number; chars: number } {
  return { ...counters, entries: cache.size, chars: cachedChars };
}

/** Tests: starts from an empty cache and zero counters. */
export function clearSchemaCache(): void {
  cache.clear();
  cachedChars = 0;
  counters.compilations = 0;
  counters.hits = 0;
}

/**
 * The compiled form of a request's `schema` (see readSchema), from the cache when the same schema
 * text was compiled lately. The key is the schema's JSON text, which a Map hashes once.
 */
export function compileSchema(schemaField: unknown): CompiledSchema {
  // A schema seen lately is found by its text before it is walked again: the bounds were checked
  // when it was compiled, and a hit then costs one JSON.stringify and one Map lookup.
  const known = cacheKeyOf(schemaField);
  const early = known === null ? undefined : cached(known);
  if (early !== undefined) return early;
  const schema = readSchema(schemaField);
  const text = JSON.stringify(schema);
  if (text.length > MAX_SCHEMA_CHARS) throw tooBig(text.length);
  // A schema given as text is keyed by the JSON text of what it reads as.
  const hit = known === null ? cached(text) : undefined;
  if (hit !== undefined) return hit;
  const draft = draftOf(schema);
  const loop = inPlaceLoop(schema, draft);
  if (loop !== null) throw endlessSchema(loop);
  // Compiled from a private copy: ajv keeps the object it compiled, the caller's may be changed later.
  const compiled = { draft, validate: compileIsolated(ajvFor(draft), withDraftUri(JSON.parse(text) as object | boolean, draft)) };
  counters.compilations++;
  cache.set(text, { compiled, chars: text.length });
  cachedChars += text.length;
  for (const [key, entry] of cache) {
    if (cache.size <= SCHEMA_CACHE_ENTRIES && cachedChars <= SCHEMA_CACHE_CHARS) break;
    if (key === text) continue;
    cache.delete(key);
    cachedChars -= entry.chars;
  }
  return compiled;
}

/**
 * `$schema` as ajv names the draft's meta-schema: schemas write it with and without `#`, over http and
 * https (`http://json-schema.org/draft/2019-09/schema#`), and ajv looks the meta-schema up by its exact name.
 */
function withDraftUri(schema: object | boolean, draft: Draft): object | boolean {
  if (typeof schema === 'object' && '$schema' in schema) (schema as { $schema: string }).$schema = DRAFT_URIS[draft];
  return schema;
}

/** The cached compilation for this key, made the most recent; undefined on a miss. */
function cached(key: string): CompiledSchema | undefined {
  const hit = cache.get(key);
  if (hit === undefined) return undefined;
  counters.hits++;
  cache.delete(key);
  cache.set(key, hit);
  return hit.compiled;
}

/**
 * The cache key of an object schema: its JSON text, or null when it has none within the bounds (too
 * long, or nested too deep for JSON.stringify: readSchema then says which bound it passed).
 * A string schema is parsed first (its text may be YAML), so it is keyed after readSchema.
 */
function cacheKeyOf(schemaField: unknown): string | null {
  if (typeof schemaField !== 'object' || schemaField === null || Array.isArray(schemaField)) return null;
  try {
    const text = JSON.stringify(schemaField);
    return text.length > MAX_SCHEMA_CHARS ? null : text;
  } catch {
    return null;
  }
}

/**
 * Compiles with a shared instance, then takes back whatever the schema registered in it (its `$id`
 * and every nested `$id`): one user's schema must never resolve a `$ref` against another's.
 */
function compileIsolated(ajv: Ajv, schema: object | boolean): ValidateFunction {
  const refsBefore = new Set(Object.keys(ajv.refs));
  const schemasBefore = new Set(Object.keys(ajv.schemas));
  try {
    return ajv.compile(schema);
  } catch (err) {
    throw compileError(err, schema);
  } finally {
    if (typeof schema === 'object') ajv.removeSchema(schema);
    for (const key of Object.keys(ajv.refs)) if (!refsBefore.has(key)) delete ajv.refs[key];
    for (const key of Object.keys(ajv.schemas)) if (!schemasBefore.has(key)) ajv.removeSchema(key);
  }
}

const RECURSE_BY_MOVING =
  'A schema may refer back to itself only through a keyword that moves into the value, such as "properties" or "items" ({"items": {"$ref": "#"}}).';

/**
 * The refusal of a schema whose check does not finish: `loop` describes the in-place loop found
 * before compiling (loops.ts); null is the stack overflowing during a check (index.ts), the net for
 * loops that check missed and for reference chains too long for the document's depth.
 */
export function endlessSchema(loop: string | null): ConversionError {
  return refused(
    loop === null
      ? `Checking this document against the schema ran out of stack: the schema goes through too many references in a row, or refers back to itself without end. ${RECURSE_BY_MOVING}`
      : `The schema loops: it applies itself to the same value without moving into it (${loop}), so checking a document against it would never end. ${RECURSE_BY_MOVING}`,
  );
}

/** V8's and Safari's RangeError ("Maximum call stack size exceeded"), Firefox's "too much recursion". */
export function isStackOverflow(err: unknown): boolean {
  return err instanceof Error && (err instanceof RangeError || err.name === 'InternalError') && /call stack|too much recursion/i.test(err.message);
}

function compileError(err: unknown, schema: object | boolean): ConversionError {
  // ajv compiles a referenced schema inside the compilation of the one that refers to it.
  if (isStackOverflow(err)) return refused('The schema goes through too many references in a row to be compiled (compiling it ran out of stack).');
  if (err instanceof UnsupportedPattern) return refused(`The schema's ${patternKeyword(schema, err.pattern)} ${shown(err.pattern)} ${err.reason}.`);
  if (err instanceof Error && 'missingRef' in err) {
    const ref = String((err as { missingRef: unknown }).missingRef);
    const remote = /^[a-z][a-z0-9+.-]*:/i.test(ref);
    return refused(
      remote
        ? `The schema's $ref "${ref}" points outside the schema; remote schemas are never fetched. Put the referenced schema in "$defs" (with its "$id") instead.`
        : `The schema's $ref "${ref}" does not resolve to anything inside the schema.`,
    );
  }
  if (err instanceof SyntaxError) return refused(`The schema has a "pattern" that is not a valid regular expression: ${err.message}`);
  if (err instanceof Error) {
    // ajv checks the schema against its draft's meta-schema first: "schema is invalid: data/type must be ...".
    const message = err.message.replace(/^schema is invalid: /, '').replace(/\bdata(?=[/.\s])/g, 'schema');
    return refused(`The schema is not a valid JSON Schema: ${message}`);
  }
  return refused('The schema could not be compiled.');
}

/** A pattern as a message quotes it: whole up to 200 characters, its start beyond. */
function shown(pattern: string): string {
  return pattern.length > 200
    ? `${JSON.stringify(pattern.slice(0, 200))}... (${pattern.length.toLocaleString('en-US')} characters)`
    : JSON.stringify(pattern);
}

/** How the schema uses a pattern it gave: `"pattern"`, or `"patternProperties" key`. */
function patternKeyword(schema: object | boolean, pattern: string): string {
  const stack: unknown[] = [schema];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value !== 'object' || value === null) continue;
    const record = value as Record<string, unknown>;
    if (record.pattern === pattern) return '"pattern"';
    const properties = record.patternProperties;
    if (typeof properties === 'object' && properties !== null && Object.hasOwn(properties, pattern)) return '"patternProperties" key';
    stack.push(...Object.values(record));
  }
  return 'pattern';
}

export type { ErrorObject };
