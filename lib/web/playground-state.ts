// The playground's state, the API request it stands for, and its normalisation from untrusted input (share links).
import type { ConvertRequest } from '@/lib/converter';
import type { SchemaValidateRequest } from '@/lib/schema';
import { OPTION_NAMES, OPTION_TABLE, type OptionName, type OptionTable, type OptionValue } from '@/lib/converter/option-table';

export type PlaygroundMode = 'convert' | 'validate';
export type SchemaSource = 'none' | 'catalog' | 'auto' | 'text';
export const SCHEMA_SOURCES: readonly SchemaSource[] = ['none', 'catalog', 'auto', 'text'];
/** `jsonc` only matters to validate (strict JSON vs JSON with comments); convert reads JSONC as `json`. */
export type InputFormat = 'yaml' | 'json' | 'jsonc';
export type OutputFormat = 'yaml' | 'json';

export interface PlaygroundState {
  mode: PlaygroundMode;
  input: string;
  inputFormat: InputFormat;
  outputFormat: OutputFormat;
  preserveComments: boolean;
  preserveAnchors: boolean;
  /**
   * Validate only: what the input is checked against. `text` (the default when `schema` is set): the
   * JSON Schema in `schema`; `catalog`: the catalog schema `catalogSchema` (an id); `auto`: the catalog
   * schema `filename` matches; absent or `none`: no schema.
   */
  schemaSource?: SchemaSource;
  /** The text of a JSON Schema (JSON or YAML); absent or blank: none. */
  schema?: string;
  /** A catalog schema's id. */
  catalogSchema?: string;
  /** The document's path, matched with the catalog's fileMatch patterns. */
  filename?: string;
  /** The output formatting options and the YAML version; absent (or partly): the defaults. */
  options?: PlaygroundOptions;
}

/** The options of the "Options" popover: the option table's rows that have a control there (the preserve switches are the toolbar's). */
export type PopoverOptionName = { [K in OptionName]: OptionTable[K]['playground'] extends 'toolbar' ? never : K }[OptionName];

/** The popover's options, in the table's order (the order of the request's fields). */
const POPOVER_FIELDS = OPTION_NAMES.filter((name) => OPTION_TABLE[name].playground !== 'toolbar') as PopoverOptionName[];

/** The popover's controls: the options that shape the output first, then those that read the input. */
export const POPOVER_OPTIONS: readonly PopoverOptionName[] = [
  ...POPOVER_FIELDS.filter((name) => !('input' in OPTION_TABLE[name])),
  ...POPOVER_FIELDS.filter((name) => 'input' in OPTION_TABLE[name]),
];

/** The values set in the Options popover: only those that differ from the default. */
export type PlaygroundOptions = { [K in PopoverOptionName]?: OptionValue<K> };

export type PlaygroundConvertBody = ConvertRequest;

export type PlaygroundRequest =
  | { endpoint: '/api/convert'; body: PlaygroundConvertBody }
  | { endpoint: '/api/validate'; body: SchemaValidateRequest };

/** The schema source a state stands for: its own, or (states from before there was a choice) the text when it has one. */
export function schemaSourceOf(state: PlaygroundState): SchemaSource {
  return state.schemaSource ?? (state.schema?.trim() ? 'text' : 'none');
}

/** The exact body the API receives for this state (what the browser converts, and what curl sends). */
export function toPlaygroundRequest(state: PlaygroundState): PlaygroundRequest {
  if (state.mode === 'validate') {
    const body: SchemaValidateRequest = { input: state.input, type: state.inputFormat };
    if (state.inputFormat === 'yaml' && state.options?.yamlVersion === '1.1') body.yamlVersion = '1.1';
    const source = schemaSourceOf(state);
    // Sent as the text the user wrote: the API reads a schema given as JSON or YAML text.
    if (source === 'text' && state.schema !== undefined && state.schema.trim() !== '') body.schema = state.schema;
    if (source === 'catalog' && state.catalogSchema) body.schema = state.catalogSchema;
    if (source === 'auto' && state.filename?.trim()) {
      body.schema = 'auto';
      body.filename = state.filename;
    }
    return { endpoint: '/api/validate', body };
  }
  const body: PlaygroundConvertBody = {
    input: state.input,
    inputType: state.inputFormat === 'jsonc' ? 'json' : state.inputFormat,
    outputType: state.outputFormat,
  };
  if (state.preserveComments) body.preserveComments = true;
  if (state.preserveAnchors) body.preserveAnchors = true;
  addOptions(body, state.options ?? {});
  return { endpoint: '/api/convert', body };
}

/** Whether an option does anything for these formats (its row's input and output). */
export function optionApplies(name: OptionName, inputFormat: string, outputFormat: string): boolean {
  const row = OPTION_TABLE[name];
  return (!('input' in row) || row.input === inputFormat) && (!('output' in row) || row.output === outputFormat);
}

/** Only the options that differ from the default and apply to these formats go into the request. */
function addOptions(body: PlaygroundConvertBody, options: PlaygroundOptions): void {
  for (const name of POPOVER_FIELDS) {
    const value = options[name];
    if (value === undefined || value === OPTION_TABLE[name].default || !optionApplies(name, body.inputType, body.outputType)) continue;
    // Compact JSON has no room for comments (the API refuses the pair); the switch wins.
    if (name === 'jsonStyle' && body.preserveComments) continue;
    (body as unknown as Record<string, unknown>)[name] = value;
  }
}

/** The values the popover offers for an option (a share link can carry only these), its default first. */
export function offeredValues(name: PopoverOptionName): ReadonlyArray<number | string | boolean | null> {
  const row = OPTION_TABLE[name];
  if (row.kind === 'boolean') return [row.default, !row.default];
  const choices = 'choices' in row.playground ? row.playground.choices : undefined;
  return choices?.map(([value]) => value) ?? (row.kind === 'enum' ? row.values : [row.default]);
}

/** Options from untrusted data (a share link): values the popover does not offer, and defaults, are dropped; undefined when none is left. */
function parseOptions(value: unknown): PlaygroundOptions | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, unknown>;
  const options: Record<string, unknown> = {};
  for (const name of POPOVER_FIELDS) {
    if (v[name] !== OPTION_TABLE[name].default && offeredValues(name).includes(v[name] as never)) options[name] = v[name];
  }
  return Object.keys(options).length > 0 ? (options as PlaygroundOptions) : undefined;
}

const INPUT_FORMATS: readonly InputFormat[] = ['yaml', 'json', 'jsonc'];
const OUTPUT_FORMATS: readonly OutputFormat[] = ['yaml', 'json'];

/** Reads a state from untrusted data (a share link); null when it is not one. */
export function parsePlaygroundState(value: unknown): PlaygroundState | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.input !== 'string') return null;
  const mode: PlaygroundMode = v.mode === 'validate' ? 'validate' : 'convert';
  const inputFormat = INPUT_FORMATS.find((f) => f === v.inputFormat) ?? 'yaml';
  const outputFormat = OUTPUT_FORMATS.find((f) => f === v.outputFormat) ?? (inputFormat === 'yaml' ? 'json' : 'yaml');
  const state: PlaygroundState = {
    mode,
    input: v.input,
    inputFormat,
    outputFormat,
    preserveComments: v.preserveComments === true,
    preserveAnchors: v.preserveAnchors === true,
  };
  if (typeof v.schema === 'string' && v.schema !== '') state.schema = v.schema;
  const source = SCHEMA_SOURCES.find((s) => s === v.schemaSource);
  if (source) state.schemaSource = source;
  // A catalog id is a file name's stem; a path fits the API's bound. Anything else is dropped.
  if (typeof v.catalogSchema === 'string' && /^[A-Za-z0-9._-]{1,200}$/.test(v.catalogSchema)) state.catalogSchema = v.catalogSchema;
  if (typeof v.filename === 'string' && v.filename.length <= 1024 && !/[\u0000-\u001f\u007f]/.test(v.filename)) state.filename = v.filename;
  const options = parseOptions(v.options);
  if (options) state.options = options;
  return state;
}

/** The format a file's name suggests, or null. */
export function formatFromFileName(name: string): InputFormat | null {
  const ext = name.toLowerCase().split('.').pop();
  if (ext === 'yaml' || ext === 'yml') return 'yaml';
  if (ext === 'json') return 'json';
  if (ext === 'jsonc' || ext === 'json5') return 'jsonc';
  return null;
}

/**
 * The request "Format document" runs: a convert whose output format is the input's, as POST
 * /api/format does (lib/jobs/conversion-job.ts), with the output options chosen. Comments
 * and anchors are always kept: formatting rearranges the text, it does not drop what was written.
 */
export function toFormatRequest(state: PlaygroundState): PlaygroundConvertBody {
  const format: OutputFormat = state.inputFormat === 'yaml' ? 'yaml' : 'json';
  const body: PlaygroundConvertBody = { input: state.input, inputType: format, outputType: format, preserveComments: true, preserveAnchors: true };
  addOptions(body, state.options ?? {});
  return body;
}
