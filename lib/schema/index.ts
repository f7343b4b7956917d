/**
 * JSON Schema validation with positions in the user's YAML or JSON: POST /api/validate with `schema`,
 * and the playground's schema pane. Universal like lib/converter (Node, worker threads, browser web
 * worker): it imports the converter, `yaml` and ajv, nothing of Node or the web.
 *
 * The document is read once to the values ajv checks (YAML: the single-pass reader's JSON text and
 * JSON.parse; what it leaves to the reference path, and JSON/JSONC: the IR). A document that does not
 * parse gets its syntax errors and no schema check. Only when ajv finds violations is the text read
 * a second time, for the places of the nodes they name (lib/schema/pointer.ts). Each document of a
 * YAML stream is checked on its own; an empty stream is checked as `null`.
 */
import { MAX_DEPTH, MAX_ERRORS } from '@/lib/converter/limits';
import { tooDeep } from '@/lib/converter/errors';
import { NO_DEADLINE, withDeadline, type Deadline } from '@/lib/converter/deadline';
import { parseValidateTypeOrThrow } from '@/lib/converter/formats';
import { readJson } from '@/lib/converter/json/read-json';
import { findLoneSurrogate } from '@/lib/converter/utf8';
import { fastYamlToJson } from '@/lib/converter/yaml/fast';
import { readYaml } from '@/lib/converter/yaml/read-yaml';
import { parseOptionsOrThrow } from '@/lib/converter/options';
import { validate, type ValidateRequest, type ValidateResult, type ValidateType, type ValidationIssue } from '@/lib/converter';
import type { ValidateFunction } from 'ajv';
import { chooseSchema, type SchemaUsed } from './catalog/choose';
import { compileCatalogSchema } from './catalog/compile-catalog';
import type { CatalogSource } from './catalog/types';
import { type CompiledSchema, compileSchema, endlessSchema, isStackOverflow } from './compile';
import { violationOf, type Violation } from './issues';
import { jsonPlaces } from './json-places';
import { LineIndex, placeOf, wantedPointers, type PlaceIndex } from './pointer';
import { irToValue } from './values';
import { yamlPlaces } from './yaml-places';

export { clearSchemaCache, compileSchema, schemaCacheStats } from './compile';
export type { SchemaUsed } from './catalog/choose';

export interface SchemaValidateRequest extends ValidateRequest {
  /** With `schema: "auto"`: the document's path, matched with the catalog's fileMatch patterns. */
  filename?: string;
}

/** The answer; `schema` names the catalog schema used, when one was. */
export interface SchemaValidateResult extends ValidateResult {
  schema?: SchemaUsed;
}

export interface ValidateOptions {
  deadline?: Deadline;
  /** The built-in catalog, for `schema` given as a catalog name or id, or "auto" (lib/schema/catalog/choose.ts). */
  catalog?: CatalogSource;
}

/**
 * validate() of lib/converter, and with `schema` the schema check too. A bad schema (or catalog
 * name) is a ConversionError bad_request (400), checked before the document.
 */
export function validateDocument(request: SchemaValidateRequest, options: ValidateOptions = {}): SchemaValidateResult {
  if (request.schema === undefined) return validate(request, options);
  const choice = chooseSchema(request.schema, request.filename, options.catalog);
  if (choice.kind === 'inline') return checkAgainst(request, compileSchema(choice.schema), options);
  const { entry, matchedPattern } = choice;
  const result = checkAgainst(request, compileCatalogSchema(entry, options.catalog!), options);
  const used: SchemaUsed = { id: entry.id, name: entry.name, url: entry.url };
  if (matchedPattern !== undefined) used.matchedPattern = matchedPattern;
  return { ...result, schema: used };
}

function checkAgainst(request: ValidateRequest, compiled: CompiledSchema, options: ValidateOptions): ValidateResult {
  return withDeadline(options.deadline ?? NO_DEADLINE, () => {
    const deadline = options.deadline ?? NO_DEADLINE;
    const read = readValues(request);
    if (!Array.isArray(read)) return read;
    deadline.check();
    const violations: Array<{ document: number; violation: Violation }> = [];
    for (let document = 0; document < read.length && violations.length < MAX_ERRORS; document++) {
      if (checkValue(compiled.validate, read[document])) continue;
      for (const error of compiled.validate.errors ?? []) {
        if (violations.length >= MAX_ERRORS) break;
        violations.push({ document, violation: violationOf(error) });
      }
      deadline.check();
    }
    if (violations.length === 0) return { success: true, valid: true, errors: [] };
    return { success: true, valid: false, errors: placeViolations(request.input, parseValidateTypeOrThrow(request.type), read.length, violations) };
  });
}

/**
 * ajv's check of one value. A schema that loops in place is refused before compiling (loops.ts); one
 * that loops in a way that check missed, or goes through more references in a row than the stack
 * holds at this document's depth, overflows the stack here: a 400 too, never a 500.
 */
function checkValue(validate: ValidateFunction, value: unknown): boolean {
  try {
    return validate(value);
  } catch (err) {
    if (isStackOverflow(err)) throw endlessSchema(null);
    throw err;
  }
}

/** The values of the documents, or the answer for a document that does not parse. */
function readValues(request: ValidateRequest): unknown[] | ValidateResult {
  const { input } = request;
  const type = parseValidateTypeOrThrow(request.type);
  if (findLoneSurrogate(input) !== null) return validate(request);
  if (type === 'yaml') {
    const { yamlVersion } = parseOptionsOrThrow(request, 'validate');
    const fast = fastYamlToJson(input, yamlVersion);
    if (fast !== null) {
      const value: unknown = JSON.parse(fast.output);
      return fast.documents > 1 ? (value as unknown[]) : [value];
    }
    const checked = validate(request);
    if (!checked.valid) return checked;
    const read = readYaml(input, { comments: false, anchors: false, target: 'json', yamlVersion });
    if (read.documents.length === 0) return [null];
    return read.documents.map((document) => irToValue(document.contents));
  }
  if (type === 'json') {
    // Strict JSON: JSON.parse, natively, when it accepts the text. It accepts exactly what readJson
    // accepts in strict mode (the same grammar; over JSONTestSuite they agree on every file), lone
    // surrogates aside (refused above), and gives the same values (doubles, the last of equal keys,
    // `__proto__` as data). What it refuses (a byte order mark readJson allows, errors) goes to readJson.
    const value = parseOrNotJson(input);
    if (value !== NOT_JSON) {
      const depth = maxNesting(input);
      if (depth > MAX_DEPTH) throw tooDeep(depth);
      return [value];
    }
  }
  const read = readJson(input, { strict: type === 'json', comments: false });
  if (read.errors.length > 0 || !read.document) return { success: true, valid: false, errors: read.errors };
  // ajv walks the value recursively: as deep as convert allows, no deeper.
  if (read.maxDepth > MAX_DEPTH) throw tooDeep(read.maxDepth);
  return [irToValue(read.document.contents)];
}

const NOT_JSON = Symbol('not JSON');

function parseOrNotJson(input: string): unknown {
  try {
    return JSON.parse(input);
  } catch {
    return NOT_JSON;
  }
}

/** How deep the brackets of valid JSON text nest; strings are skipped with the native indexOf. */
function maxNesting(text: string): number {
  let depth = 0;
  let max = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      let end = i;
      for (;;) {
        end = text.indexOf('"', end + 1);
        let slashes = 0;
        while (text.charCodeAt(end - 1 - slashes) === 0x5c) slashes++;
        if (slashes % 2 === 0) break;
      }
      i = end;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) max = depth;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return max;
}

function placeViolations(
  input: string,
  type: ValidateType,
  documents: number,
  violations: Array<{ document: number; violation: Violation }>,
): ValidationIssue[] {
  const pointers: string[][] = [];
  for (const { document, violation } of violations) (pointers[document] ??= []).push(violation.placeAt);
  const wanted = pointers.map((list) => (list ? wantedPointers(list) : undefined));
  const places: PlaceIndex[] = type === 'yaml' ? yamlPlaces(input, wanted) : [jsonPlaces(input, wanted[0] ?? new Set())];
  const lines = new LineIndex(input);
  const issues = violations.map(({ document, violation }) => {
    const offset = placeOf(places[document] ?? new Map(), violation.placeAt, violation.anchor);
    const issue: ValidationIssue = {
      message: violation.message,
      ...lines.at(offset),
      code: violation.code,
      path: violation.path,
      keyword: violation.keyword,
      schemaPath: violation.schemaPath,
    };
    if (documents > 1) issue.document = document;
    return issue;
  });
  // In reading order: by document, then by place (a stable sort keeps ajv's order at one place).
  return issues.sort((a, b) => (a.document ?? 0) - (b.document ?? 0) || a.line - b.line || a.column - b.column);
}
