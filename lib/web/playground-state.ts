// The playground's state, the API request it stands for, and its normalisation from untrusted input (share links).
import type { ConvertRequest, ValidateRequest } from '@/lib/converter';

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
}

export type PlaygroundRequest = { endpoint: '/api/convert'; body: ConvertRequest } | { endpoint: '/api/validate'; body: ValidateRequest };

/** The exact body the API receives for this state (what the browser converts, and what curl sends). */
export function toPlaygroundRequest(state: PlaygroundState): PlaygroundRequest {
  if (state.mode === 'validate') {
    const body: ValidateRequest = { input: state.input, type: state.inputFormat };
    // Sent as the text the user wrote: the API reads a schema given as JSON or YAML text.
    if (state.schema !== undefined && state.schema.trim() !== '') body.schema = state.schema;
    return { endpoint: '/api/validate', body };
  }
  const body: ConvertRequest = {
    input: state.input,
    inputType: state.inputFormat === 'jsonc' ? 'json' : state.inputFormat,
    outputType: state.outputFormat,
  };
  if (state.preserveComments) body.preserveComments = true;
  if (state.preserveAnchors) body.preserveAnchors = true;
  return { endpoint: '/api/convert', body };
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
