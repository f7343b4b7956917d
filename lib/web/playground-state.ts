// The playground's state, the API request it stands for, and its normalisation from untrusted input (share links).
import type { ConvertRequest, JsonStyle, QuoteStyle, ValidateRequest } from '@/lib/converter';

export type PlaygroundMode = 'convert' | 'validate';
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
  /** Validate only: the text of a JSON Schema (JSON or YAML) the input is checked against; absent or blank: none. */
  schema?: string;
  /** The output formatting options and the YAML version; absent (or partly): the defaults. */
  options?: PlaygroundOptions;
}

export type YamlVersion = '1.1' | '1.2';

/** The "Options" popover: formatting options (lib/converter/format-options.ts) and the YAML version to read. */
export interface PlaygroundOptions {
  indent?: 2 | 4;
  sortKeys?: boolean;
  jsonStyle?: JsonStyle;
  flowLevel?: number | null;
  quoteStyle?: QuoteStyle;
  lineWidth?: number | null;
  yamlVersion?: YamlVersion;
}

/** The convert body, with `yamlVersion` (read by the converter once YAML 1.1 support is there). */
export type PlaygroundConvertBody = ConvertRequest & { yamlVersion?: YamlVersion };

export type PlaygroundRequest = { endpoint: '/api/convert'; body: PlaygroundConvertBody } | { endpoint: '/api/validate'; body: ValidateRequest };

/** The exact body the API receives for this state (what the browser converts, and what curl sends). */
export function toPlaygroundRequest(state: PlaygroundState): PlaygroundRequest {
  if (state.mode === 'validate') {
    const body: ValidateRequest = { input: state.input, type: state.inputFormat };
    if (state.inputFormat === 'yaml' && state.options?.yamlVersion === '1.1') body.yamlVersion = '1.1';
    // Sent as the text the user wrote: the API reads a schema given as JSON or YAML text.
    if (state.schema !== undefined && state.schema.trim() !== '') body.schema = state.schema;
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

/** Only the options that differ from the default and apply to this output go into the request. */
function addOptions(body: PlaygroundConvertBody, options: PlaygroundOptions): void {
  if (options.yamlVersion === '1.1' && body.inputType === 'yaml') body.yamlVersion = '1.1';
  if (options.indent === 4) body.indent = 4;
  if (options.sortKeys === true) body.sortKeys = true;
  if (body.outputType === 'json') {
    // Compact JSON has no room for comments (the API refuses the pair); the switch wins.
    if (options.jsonStyle === 'compact' && !body.preserveComments) body.jsonStyle = 'compact';
    return;
  }
  if (typeof options.flowLevel === 'number') body.flowLevel = options.flowLevel;
  if (options.quoteStyle !== undefined && options.quoteStyle !== 'plain') body.quoteStyle = options.quoteStyle;
  if (typeof options.lineWidth === 'number') body.lineWidth = options.lineWidth;
}

/** The choices the Options popover offers (a share link can carry only these). */
export const FLOW_LEVELS = [0, 1, 2, 3, 4] as const;
export const LINE_WIDTHS = [40, 60, 80, 100, 120] as const;

/** Options from untrusted data (a share link): unknown values are dropped; undefined when none is left. */
function parseOptions(value: unknown): PlaygroundOptions | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, unknown>;
  const options: PlaygroundOptions = {};
  if (v.indent === 4) options.indent = 4;
  if (v.sortKeys === true) options.sortKeys = true;
  if (v.jsonStyle === 'compact') options.jsonStyle = 'compact';
  if (FLOW_LEVELS.some((n) => n === v.flowLevel)) options.flowLevel = v.flowLevel as number;
  if (v.quoteStyle === 'single' || v.quoteStyle === 'double') options.quoteStyle = v.quoteStyle;
  if (LINE_WIDTHS.some((n) => n === v.lineWidth)) options.lineWidth = v.lineWidth as number;
  if (v.yamlVersion === '1.1') options.yamlVersion = '1.1';
  return Object.keys(options).length > 0 ? options : undefined;
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
 * /api/format does (lib/conversion/conversion-job.ts), with the output options chosen. Comments
 * and anchors are always kept: formatting rearranges the text, it does not drop what was written.
 */
export function toFormatRequest(state: PlaygroundState): PlaygroundConvertBody {
  const format: OutputFormat = state.inputFormat === 'yaml' ? 'yaml' : 'json';
  const body: PlaygroundConvertBody = { input: state.input, inputType: format, outputType: format, preserveComments: true, preserveAnchors: true };
  addOptions(body, state.options ?? {});
  return body;
}
