// The command line: commands, flags and what they turn into (the converter's request fields).
import { parseArgs } from 'node:util';
import { isConversionError } from '@/lib/converter/errors';
import { parseFormatOptionsOrThrow, type FormatRequestOptions, type JsonStyle, type QuoteStyle } from '@/lib/converter/format-options';
import { normalizeFormat, normalizeValidateType } from '@/lib/converter/formats';
import type { Format, ValidateType, YamlVersion } from '@/lib/converter/types';
import { parseYamlVersionOrThrow } from '@/lib/converter/yaml-version';
import { UsageError } from './errors';

export type Command = 'convert' | 'validate' | 'format';
export type ReportFormat = 'text' | 'github';

/** The converter's options, as the API's request fields (only those given on the command line). */
export interface ConverterFlags extends FormatRequestOptions {
  preserveComments?: boolean;
  preserveAnchors?: boolean;
  yamlVersion?: YamlVersion;
}

export interface CliOptions {
  command: Command;
  /** Files, folders, globs; empty or `-`: stdin. */
  inputs: string[];
  /** convert: --from (otherwise each file's extension); validate, format: --type. */
  from?: Format;
  to?: Format;
  type?: ValidateType;
  converter: ConverterFlags;
  schema?: string;
  inPlace: boolean;
  outDir?: string;
  check: boolean;
  report: ReportFormat;
  quiet: boolean;
  progress: boolean;
  remote: boolean;
  /** --url, else YAMLJSON_URL. */
  url?: string;
}

const OPTIONS = {
  to: { type: 'string' },
  from: { type: 'string' },
  type: { type: 'string' },
  'preserve-comments': { type: 'boolean' },
  'no-preserve-comments': { type: 'boolean' },
  'preserve-anchors': { type: 'boolean' },
  'no-preserve-anchors': { type: 'boolean' },
  'yaml-version': { type: 'string' },
  indent: { type: 'string' },
  'sort-keys': { type: 'boolean' },
  'json-style': { type: 'string' },
  'flow-level': { type: 'string' },
  'quote-style': { type: 'string' },
  'line-width': { type: 'string' },
  schema: { type: 'string' },
  'in-place': { type: 'boolean' },
  'out-dir': { type: 'string' },
  check: { type: 'boolean' },
  format: { type: 'string' },
  quiet: { type: 'boolean', short: 'q' },
  'no-progress': { type: 'boolean' },
  remote: { type: 'boolean' },
  url: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const;

/** Which flags each command takes (the common ones aside). */
const COMMAND_FLAGS: Record<Command, readonly string[]> = {
  convert: ['to', 'from', 'in-place', 'out-dir'],
  validate: ['type', 'schema'],
  format: ['type', 'check', 'in-place', 'no-preserve-comments', 'no-preserve-anchors'],
};
const CONVERTER_FLAGS = ['preserve-comments', 'preserve-anchors', 'indent', 'sort-keys', 'json-style', 'flow-level', 'quote-style', 'line-width'];
const COMMON_FLAGS = ['yaml-version', 'format', 'quiet', 'no-progress', 'remote', 'url', 'help', 'version'];

export type Parsed = { kind: 'help'; command?: Command } | { kind: 'version' } | { kind: 'run'; options: CliOptions };

export function parseCommandLine(argv: readonly string[], env: NodeJS.ProcessEnv): Parsed {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true; strict: true; args: string[] }>>;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message.replace(/\. To specify a positional argument.*$/s, '.') : String(err));
  }
  const { values, positionals } = parsed;
  const [first, ...inputs] = positionals;
  if (first === undefined) {
    if (values.version) return { kind: 'version' };
    if (values.help) return { kind: 'help' };
    throw new UsageError('No command given: yamljson convert | validate | format (yamljson --help).');
  }
  if (first !== 'convert' && first !== 'validate' && first !== 'format') {
    throw new UsageError(`Unknown command "${first}"; the commands are convert, validate and format (yamljson --help).`);
  }
  const command: Command = first;
  if (values.help) return { kind: 'help', command };
  const allowed = new Set([...COMMAND_FLAGS[command], ...COMMON_FLAGS, ...(command === 'validate' ? [] : CONVERTER_FLAGS)]);
  for (const name of Object.keys(values)) {
    if (!allowed.has(name)) throw new UsageError(`yamljson ${command} does not take --${name} (yamljson ${command} --help).`);
  }

  const converter: ConverterFlags = {};
  if (values['preserve-comments'] && values['no-preserve-comments'])
    throw new UsageError('--preserve-comments and --no-preserve-comments contradict each other.');
  if (values['preserve-anchors'] && values['no-preserve-anchors'])
    throw new UsageError('--preserve-anchors and --no-preserve-anchors contradict each other.');
  if (values['preserve-comments']) converter.preserveComments = true;
  if (values['no-preserve-comments']) converter.preserveComments = false;
  if (values['preserve-anchors']) converter.preserveAnchors = true;
  if (values['no-preserve-anchors']) converter.preserveAnchors = false;
  if (values['yaml-version'] !== undefined) converter.yamlVersion = checked(() => parseYamlVersionOrThrow(values['yaml-version']), '--yaml-version');
  if (values.indent !== undefined) converter.indent = integer(values.indent, '--indent');
  if (values['sort-keys']) converter.sortKeys = true;
  if (values['json-style'] !== undefined) converter.jsonStyle = values['json-style'] as JsonStyle;
  if (values['flow-level'] !== undefined) converter.flowLevel = integer(values['flow-level'], '--flow-level');
  if (values['quote-style'] !== undefined) converter.quoteStyle = values['quote-style'] as QuoteStyle;
  if (values['line-width'] !== undefined) converter.lineWidth = integer(values['line-width'], '--line-width');
  // The converter's own check, with its message naming the accepted values.
  checked(() => parseFormatOptionsOrThrow(converter), 'a formatting flag');

  const report = values.format ?? 'text';
  if (report !== 'text' && report !== 'github') throw new UsageError(`--format ${JSON.stringify(report)}: accepted: text, github.`);
  if (values['in-place'] && values['out-dir'] !== undefined) throw new UsageError('--in-place and --out-dir cannot be used together.');
  if (values.check && values['in-place']) throw new UsageError('--check and --in-place cannot be used together.');

  const options: CliOptions = {
    command,
    inputs,
    converter,
    inPlace: values['in-place'] === true,
    outDir: values['out-dir'],
    check: values.check === true,
    report,
    quiet: values.quiet === true,
    progress: values['no-progress'] !== true,
    remote: values.remote === true,
    url: values.url ?? env.YAMLJSON_URL,
    schema: values.schema,
  };
  if (values.to !== undefined) options.to = format(values.to, '--to');
  if (values.from !== undefined) options.from = format(values.from, '--from');
  if (values.type !== undefined) {
    const type = normalizeValidateType(values.type);
    if (!type) throw new UsageError(`--type ${JSON.stringify(values.type)}: accepted: yaml (or yml), json, jsonc.`);
    options.type = type;
  }
  const usesStdin = inputs.length === 0 || inputs.includes('-');
  if (usesStdin && (options.inPlace || options.outDir !== undefined)) {
    throw new UsageError(`--${options.inPlace ? 'in-place' : 'out-dir'} needs files: stdin has no name to write to.`);
  }
  return { kind: 'run', options };
}

function format(value: string, flag: string): Format {
  const f = normalizeFormat(value);
  if (!f) throw new UsageError(`${flag} ${JSON.stringify(value)}: accepted: yaml (or yml), json.`);
  return f;
}

function integer(value: string, flag: string): number {
  if (!/^-?\d+$/.test(value.trim())) throw new UsageError(`${flag} ${JSON.stringify(value)}: expected an integer.`);
  return Number(value);
}

/** Runs a converter check; its bad_request becomes a usage error. */
function checked<T>(f: () => T, what: string): T {
  try {
    return f();
  } catch (err) {
    if (isConversionError(err)) throw new UsageError(`${what}: ${err.message}`);
    throw err;
  }
}

export const HELP: Record<'main' | Command, string> = {
  main: `yamljson: convert, validate and format YAML and JSON (offline, the same converter as the yamljson API)

Usage:
  yamljson convert [files|folders|globs...] [--to json|yaml] [--in-place | --out-dir DIR]
  yamljson validate [files...] [--type yaml|json|jsonc] [--schema schema.json]
  yamljson format [files...] [--check | --in-place]

No file, or "-": stdin to stdout. A folder means its .yaml, .yml, .json and .jsonc files.

Converter options (convert, format):
  --preserve-comments  --preserve-anchors  --yaml-version 1.1|1.2  --indent 2|4  --sort-keys
  --json-style pretty|compact  --flow-level N  --quote-style plain|single|double  --line-width N

Common:
  --format text|github   github: ::error file=,line=,col=:: annotations for GitHub Actions
  --remote               send the files to a yamljson server: YAMLJSON_URL (or --url) and YAMLJSON_API_KEY
  --quiet, --no-progress, --help, --version

Exit codes: 0 ok, 1 invalid input (or, with format --check, files that would change), 2 usage error.
`,
  convert: `yamljson convert [files|folders|globs...] [options]

  --to json|yaml     output format (default: the other one)
  --from yaml|json   input format (default: from the extension; stdin: the opposite of --to, else yaml)
  --in-place         write a.yaml as a.json beside it and remove a.yaml (same format: rewrite the file)
  --out-dir DIR      write each output under DIR, keeping the path below the folder or glob given
  Without --in-place or --out-dir the outputs go to stdout, one after the other.
  Converter options: --preserve-comments --preserve-anchors --yaml-version --indent --sort-keys
    --json-style --flow-level --quote-style --line-width (as the API's fields of the same names)
  --format text|github, --remote, --url URL, --quiet, --no-progress
`,
  validate: `yamljson validate [files|folders|globs...] [options]

  --type yaml|json|jsonc   default: from the extension (.json: strict JSON, .jsonc: JSONC, else YAML)
  --schema FILE            a JSON Schema (JSON or YAML) every document must satisfy
  --yaml-version 1.1|1.2
  --format text|github, --remote, --url URL, --quiet, --no-progress
`,
  format: `yamljson format [files|folders|globs...] [options]

  Re-writes each file in its own format (the API's POST /api/format). Comments and anchors are
  kept unless --no-preserve-comments / --no-preserve-anchors (.json files: comments are dropped
  unless --preserve-comments, as the API's "json" type does).
  --check       write nothing; list the files that would change and exit 1 if there are any
  --in-place    rewrite the files
  --type yaml|json|jsonc   default: from the extension
  Converter options: --yaml-version --indent --sort-keys --json-style --flow-level --quote-style --line-width
  --format text|github, --remote, --url URL, --quiet, --no-progress
`,
};
