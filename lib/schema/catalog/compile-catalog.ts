// A catalog schema -> an ajv validate function, compiled once and cached. Unlike a user's schema
// (lib/schema/compile.ts), a catalog schema is trusted: no size bound (tsconfig's is 400 KB), no loop
// analysis (the stack-overflow net of the check stays), and a pattern RE2 cannot run (a lookahead)
// runs on the engine's own RegExp instead of being refused: SchemaStore reviewed it, and the worker's
// time limit still stops a check that runs too long. Its `$ref`s to other catalog schemas resolve to
// the catalog's own copies: the schemas they name are added, under their canonical address, to an
// ajv instance made for this one compilation (so the cache can let it go as a whole); any other
// reference fails to compile, and nothing is fetched.
import type Ajv from 'ajv';
import type { ValidateFunction } from 'ajv';
import type { RegExpEngine } from 'ajv/dist/types';
import { ConversionError } from '@/lib/converter';
import type { CompiledSchema } from '../compile';
import { type Draft, DRAFT_URIS, knownDraft, newAjv } from '../drafts';
import { linearRegExp, UnsupportedPattern } from '../patterns';
import type { CatalogEntry, CatalogSource } from './types';
import { canonicalUrl, prepareCatalogSchema } from './uris';

/** Compilations kept (an LRU): each holds its own ajv instance and the generated code of its schemas. */
export const CATALOG_CACHE_ENTRIES = 32;

interface Unit {
  compiled: CompiledSchema | null;
  error: ConversionError | null;
}

const cache = new Map<string, Unit>();
const counters = { compilations: 0, hits: 0, nativePatterns: 0 };

/** Diagnostics, tests and benchmarks. */
export function catalogCacheStats(): { compilations: number; hits: number; entries: number; nativePatterns: number } {
  return { ...counters, entries: cache.size };
}

export function clearCatalogCache(): void {
  cache.clear();
  counters.compilations = 0;
  counters.hits = 0;
  counters.nativePatterns = 0;
}

/** RE2 first; what it cannot run (lookaround, backreferences), the engine's RegExp: catalog schemas only. */
const catalogRegExp: RegExpEngine = Object.assign(
  (pattern: string, flags: string) => {
    try {
      return linearRegExp(pattern, flags);
    } catch (err) {
      if (!(err instanceof UnsupportedPattern)) throw err;
      counters.nativePatterns++;
      return new RegExp(pattern, flags);
    }
  },
  { code: 'catalogRegExp' },
);

/**
 * The compiled schema of a catalog entry, or the 400 it compiles to (cached too: a schema that does
 * not compile is not tried again on every request).
 */
export function compileCatalogSchema(entry: CatalogEntry, source: CatalogSource): CompiledSchema {
  const known = cache.get(entry.id);
  if (known !== undefined) {
    counters.hits++;
    cache.delete(entry.id);
    cache.set(entry.id, known);
    if (known.error) throw known.error;
    return known.compiled!;
  }
  const unit = compileUnit(entry, source);
  counters.compilations++;
  cache.set(entry.id, unit);
  while (cache.size > CATALOG_CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
  if (unit.error) throw unit.error;
  return unit.compiled!;
}

function compileUnit(entry: CatalogEntry, source: CatalogSource): Unit {
  try {
    const schemas = closure(entry, source);
    const draft = unitDraft(schemas);
    const ajv = newAjv(draft, catalogRegExp);
    for (const { id, schema } of schemas.slice(1)) ajv.addSchema(asDraft(schema, draft), canonicalUrl(id));
    return { compiled: { draft, validate: compileRoot(ajv, asDraft(schemas[0]!.schema, draft), entry) }, error: null };
  } catch (err) {
    if (err instanceof ConversionError) return { compiled: null, error: err };
    throw err;
  }
}

interface Member {
  id: string;
  schema: Record<string, unknown>;
  draft: Draft;
}

/** The entry's schema first, then every catalog schema its references reach, each prepared once. */
function closure(entry: CatalogEntry, source: CatalogSource): Member[] {
  const members: Member[] = [];
  const seen = new Set<string>([entry.id]);
  const queue = [entry.id];
  const inCatalog = (id: string) => source.schema(id) !== undefined;
  while (queue.length > 0) {
    const id = queue.shift()!;
    const schema = source.schema(id) as Record<string, unknown> | undefined;
    if (schema === undefined) throw notBundled(entry, id);
    const draft = knownDraft(schema.$schema) ?? 'draft-07';
    for (const named of prepareCatalogSchema(id, schema, draft === 'draft-04', inCatalog)) {
      if (!seen.has(named)) {
        seen.add(named);
        queue.push(named);
      }
    }
    members.push({ id, schema, draft });
  }
  return members;
}

/**
 * The one draft a compilation is made in: the entry's own. A schema it refers to that is written in
 * another draft is read in that one (draft-04 upgraded to draft-07's words for it, below): ajv cannot
 * mix meta-schemas of every draft in one instance, and the differences that matter (`id`, boolean
 * `exclusiveMaximum`) are draft-04's.
 */
function unitDraft(members: Member[]): Draft {
  const own = members[0]!.draft;
  if (own === 'draft-04' && members.some((member) => member.draft !== 'draft-04')) return 'draft-07';
  return own;
}

function asDraft(schema: Record<string, unknown>, draft: Draft): Record<string, unknown> {
  const written = knownDraft(schema.$schema) ?? 'draft-07';
  if (written === 'draft-04' && draft !== 'draft-04') upgradeDraft04(schema);
  // As ajv names the unit's meta-schema (it looks it up by that exact name): a schema of another draft
  // is checked against the unit's, whose name its own `$schema` would not be.
  if ('$schema' in schema || written !== draft) schema.$schema = DRAFT_URIS[draft];
  return schema;
}

/** Draft-04's words in draft-06's: `id` -> `$id`, boolean `exclusiveMinimum`/`exclusiveMaximum` -> numbers. */
function upgradeDraft04(root: Record<string, unknown>): void {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (Array.isArray(value)) {
      stack.push(...value);
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    const node = value as Record<string, unknown>;
    if (typeof node.id === 'string' && node.$id === undefined) {
      node.$id = node.id;
      delete node.id;
    }
    for (const [bound, limit] of [
      ['exclusiveMinimum', 'minimum'],
      ['exclusiveMaximum', 'maximum'],
    ] as const) {
      if (node[bound] === true && typeof node[limit] === 'number') {
        node[bound] = node[limit];
        delete node[limit];
      } else if (node[bound] === false) delete node[bound];
    }
    for (const [keyword, child] of Object.entries(node)) {
      if (keyword !== 'enum' && keyword !== 'const' && keyword !== 'default' && keyword !== 'examples') stack.push(child);
    }
  }
}

function compileRoot(ajv: Ajv, schema: Record<string, unknown>, entry: CatalogEntry): ValidateFunction {
  try {
    return ajv.compile(schema);
  } catch (err) {
    throw doesNotCompile(entry, err);
  }
}

function notBundled(entry: CatalogEntry, id: string): ConversionError {
  return new ConversionError('bad_request', `The catalog schema "${entry.id}" refers to "${id}", which the catalog does not have.`);
}

function doesNotCompile(entry: CatalogEntry, err: unknown): ConversionError {
  if (err instanceof Error && 'missingRef' in err) {
    const ref = String((err as { missingRef: unknown }).missingRef);
    return new ConversionError(
      'bad_request',
      `The catalog schema "${entry.id}" (${entry.name}) cannot be used: its $ref "${ref}" points outside the catalog, and schemas are never fetched.`,
    );
  }
  const why = err instanceof Error ? err.message.replace(/^schema is invalid: /, '').slice(0, 300) : String(err);
  return new ConversionError('bad_request', `The catalog schema "${entry.id}" (${entry.name}) cannot be used: ajv does not compile it (${why}).`);
}
