// What a request's `schema` names: a JSON Schema of the user's (an object, or its JSON or YAML text),
// a catalog schema by name or id (`"GitHub Workflow"`, `"github-workflow"`, any letter case), or
// `"auto"`: the catalog schema whose fileMatch patterns match `filename`. A string is a catalog
// reference when it is "auto", a catalog id or name; else it is schema text as before, unless it
// looks like a name (one line, no `{`, `[` or `:`, not `true`/`false`), which no schema text is: then
// it is an unknown name. Every refusal is a 400 bad_request saying what to send instead.
import { ConversionError } from '@/lib/converter';
import { matchFileName } from './file-match';
import type { CatalogEntry, CatalogSource, ExternalEntry } from './types';

export type SchemaChoice = { kind: 'inline'; schema: unknown } | { kind: 'catalog'; entry: CatalogEntry; matchedPattern?: string };

/** The catalog schema an answer was checked against (the response's `schema` field). */
export interface SchemaUsed {
  id: string;
  name: string;
  url: string;
  /** `schema: "auto"`: the fileMatch pattern that matched `filename`. */
  matchedPattern?: string;
}

const ACCEPTED =
  '"schema" takes a JSON Schema (an object, or its JSON or YAML text), the name or id of a catalog schema (GET /api/schemas lists them), or "auto" with "filename".';

function refused(message: string): ConversionError {
  return new ConversionError('bad_request', message);
}

/** A catalog entry by id or name, any letter case (ids first). */
export function findEntry(catalog: CatalogSource, nameOrId: string): CatalogEntry | undefined {
  const key = nameOrId.trim().toLowerCase();
  return catalog.entries.find((entry) => entry.id.toLowerCase() === key) ?? catalog.entries.find((entry) => entry.name.toLowerCase() === key);
}

function findExternal(catalog: CatalogSource, name: string): ExternalEntry | undefined {
  const key = name.trim().toLowerCase();
  return catalog.external.find((entry) => entry.name.toLowerCase() === key);
}

/** One line, no `{`, `[` or `:`: a name. Schema text (JSON or YAML of an object) always has one of them. */
export function looksLikeName(text: string): boolean {
  const trimmed = text.trim();
  return trimmed !== '' && !/[\n{}[\]:]/.test(trimmed) && trimmed !== 'true' && trimmed !== 'false';
}

export function chooseSchema(schema: unknown, filename: string | undefined, catalog: CatalogSource | undefined): SchemaChoice {
  if (typeof schema !== 'string') return { kind: 'inline', schema };
  if (schema.trim().toLowerCase() === 'auto') return chooseByFileName(filename, catalog);
  if (catalog === undefined || !looksLikeName(schema)) return { kind: 'inline', schema };
  const entry = findEntry(catalog, schema);
  if (entry !== undefined) return { kind: 'catalog', entry };
  const external = findExternal(catalog, schema);
  if (external !== undefined) throw notBuiltIn(external);
  throw refused(`Unknown schema ${JSON.stringify(schema.trim())}: no catalog schema has that name or id${suggestions(catalog, schema)}. ${ACCEPTED}`);
}

function chooseByFileName(filename: string | undefined, catalog: CatalogSource | undefined): SchemaChoice {
  if (catalog === undefined) throw refused('"schema": "auto" needs the schema catalog, which is not available here.');
  if (filename === undefined || filename.trim() === '') {
    throw refused(
      'Field "filename" is required with "schema": "auto": the path of the document (".github/workflows/ci.yml"), matched with the catalog\'s fileMatch patterns.',
    );
  }
  const match = matchFileName<CatalogEntry | ExternalEntry>([...catalog.entries, ...catalog.external], filename);
  if (match === null) {
    throw refused(
      `No catalog schema matches the file name ${JSON.stringify(filename)} (SchemaStore's fileMatch patterns, matched as editors match them; GET /api/schemas lists them). Pass "schema": a catalog name or id, or a JSON Schema.`,
    );
  }
  if (!('id' in match.entry)) throw notBuiltIn(match.entry, match.pattern);
  return { kind: 'catalog', entry: match.entry, matchedPattern: match.pattern };
}

function notBuiltIn(entry: ExternalEntry, pattern?: string): ConversionError {
  const matched = pattern === undefined ? '' : ` (the file name matches its pattern ${JSON.stringify(pattern)})`;
  return refused(
    `The catalog's "${entry.name}" schema${matched} is not built in: SchemaStore lists it at ${entry.url}, and this service never fetches schemas. Pass that schema itself as "schema".`,
  );
}

/** ` (did you mean "a", "b"?)` for entries whose id or name contains the text, at most three. */
function suggestions(catalog: CatalogSource, text: string): string {
  const key = text.trim().toLowerCase();
  if (key.length < 3) return '';
  const near = catalog.entries.filter((entry) => entry.id.toLowerCase().includes(key) || entry.name.toLowerCase().includes(key)).slice(0, 3);
  return near.length === 0 ? '' : ` (did you mean ${near.map((entry) => JSON.stringify(entry.id)).join(', ')}?)`;
}
