/**
 * The one check of a request's options, made from the option table (option-table.ts). The
 * converter parses every request with it; the API's zod schemas and raw mode's query
 * (lib/jobs/request-schemas.ts) and the CLI call the same functions, so a value is refused
 * in the same words wherever it is sent.
 */
import { ConversionError } from './errors';
import {
  OPTION_NAMES,
  OPTION_TABLE,
  optionRow,
  type OptionEndpoint,
  type OptionName,
  type OptionRow,
  type Options,
  type OptionValue,
} from './option-table';
import type { Format } from './types';

export * from './option-table';

/** Every option at its default: today's output, byte for byte. */
export const DEFAULT_OPTIONS: Readonly<Options> = Object.freeze(
  Object.fromEntries(OPTION_NAMES.map((name) => [name, OPTION_TABLE[name].default])) as Options,
);

/** The options an endpoint takes, in the table's order. */
export function endpointOptions(endpoint: OptionEndpoint): OptionName[] {
  return OPTION_NAMES.filter((name) => (OPTION_TABLE[name].endpoints as readonly OptionEndpoint[]).includes(endpoint));
}

/** The formatting options (a non-default value leaves the single-pass paths), in the table's order. */
export const FORMATTING_OPTIONS: readonly OptionName[] = OPTION_NAMES.filter((name) => OPTION_TABLE[name].formatting);

/** Who a refusal is about: `Field "indent"` (a JSON body, the converter's own), `Query parameter "indent"`. */
export function fieldSubject(name: OptionName, source: 'Field' | 'Query parameter' = 'Field'): string {
  return `${source} "${name}"`;
}

/**
 * Why `value` is no value of option `name`, in the words every refusal uses, or null when it is
 * one. `undefined` (absent) is always fine: the default.
 */
export function optionProblem(name: OptionName, value: unknown, subject = fieldSubject(name)): string | null {
  if (value === undefined) return null;
  const row = optionRow(name);
  return accepts(row, value) ? null : refusal(row, value, subject);
}

function accepts(row: OptionRow, value: unknown): boolean {
  switch (row.kind) {
    case 'boolean':
      return typeof value === 'boolean';
    case 'enum':
      return (row.values as readonly unknown[]).includes(value);
    case 'integer':
      return value === null ? row.nullable : typeof value === 'number' && Number.isSafeInteger(value) && value >= row.minimum;
  }
}

function refusal(row: OptionRow, value: unknown, subject: string): string {
  switch (row.wording ?? 'cannot') {
    case 'must':
      return `${subject} must be ${row.accepted}.`;
    case 'must-not':
      return `${subject} must be ${row.accepted}, not ${shownValue(value)}.`;
    default:
      return `${subject} cannot be ${shownOption(value)}; accepted: ${row.accepted}.`;
  }
}

/** A string as a message quotes it, long ones cut. */
export function shownText(value: string): string {
  return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}...` : value);
}

/** A value as a "cannot be" refusal shows it: a number as itself (`indent` 3), a string quoted. */
function shownOption(value: unknown): string {
  return typeof value === 'string' ? shownText(value) : (JSON.stringify(value) ?? String(value));
}

/** A value as a "must be ..., not" refusal shows it, saying what was sent when it is not text. */
function shownValue(value: unknown): string {
  if (typeof value === 'string') return shownText(value);
  if (typeof value === 'number') return `the number ${value} (send it as a string)`;
  if (value === null || typeof value === 'boolean') return String(value);
  return Array.isArray(value) ? 'an array' : `a value of type ${typeof value}`;
}

/** The value of `name` written as text (raw mode's query): its value, or the refusal of `text`. */
export function optionFromText<K extends OptionName>(
  name: K,
  text: string,
  subject = fieldSubject(name, 'Query parameter'),
): { value: OptionValue<K> } | { problem: string } {
  const row = optionRow(name);
  let value: unknown;
  switch (row.kind) {
    case 'boolean':
      value = text === 'true' || text === '1' ? true : text === 'false' || text === '0' ? false : undefined;
      break;
    case 'enum':
      value = row.values.find((v) => String(v) === text);
      break;
    case 'integer': {
      const n = /^\d{1,9}$/.test(text) ? Number(text) : Number.NaN;
      value = n >= row.minimum ? n : undefined;
      break;
    }
  }
  return value === undefined ? { problem: refusal(row, text, subject) } : { value: value as OptionValue<K> };
}

/**
 * A request's options checked: every option `endpoint` takes, its default where absent (or null);
 * the others at their default. Anything else is a bad_request naming each refused field.
 */
export function parseOptionsOrThrow(request: object, endpoint: OptionEndpoint): Options {
  const fields = request as Partial<Record<OptionName, unknown>>;
  const problems: string[] = [];
  for (const name of endpointOptions(endpoint)) {
    const problem = optionProblem(name, fields[name]);
    if (problem !== null) problems.push(problem);
  }
  if (problems.length > 0) throw new ConversionError('bad_request', problems.join(' '));
  return optionsWithDefaults(request, endpoint);
}

/**
 * The options of a request whose fields were checked already (by parseOptionsOrThrow, or by the
 * API's schema, whose fields call optionProblem): every option `endpoint` takes at its value, its
 * default where absent (or null); the others at their default. Checks nothing.
 */
export function optionsWithDefaults(request: object, endpoint: OptionEndpoint): Options {
  const fields = request as Partial<Record<OptionName, unknown>>;
  const options: Record<string, unknown> = { ...DEFAULT_OPTIONS };
  for (const name of endpointOptions(endpoint)) {
    const value = fields[name];
    if (value !== undefined && value !== null) options[name] = value;
  }
  return options as Options;
}

/** Whether every formatting option is at its default, so the single-pass paths may answer. */
export function usesFastPaths(options: Options): boolean {
  return FORMATTING_OPTIONS.every((name) => options[name] === OPTION_TABLE[name].default);
}

/** Formatting options set for the other output format are ignored, and said so. */
export function ignoredOptionWarnings(options: Options, to: Format): string[] {
  const ignored = FORMATTING_OPTIONS.filter((name) => {
    const { output } = optionRow(name);
    return output !== undefined && output !== to && options[name] !== OPTION_TABLE[name].default;
  });
  if (ignored.length === 0) return [];
  const list = ignored.join(', ');
  const one = ignored.length === 1;
  return to === 'yaml'
    ? [`${list} ${one ? 'applies' : 'apply'} to JSON output only; ${one ? 'it was' : 'they were'} ignored.`]
    : [`${list} ${one ? 'applies' : 'apply'} to YAML output only; ignored for JSON output.`];
}
