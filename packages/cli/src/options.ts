// The command line: commands, flags and what they turn into (the converter's request fields). The
// converter's options are the option table's rows (lib/converter/option-table.ts): their flags, the
// commands that take them, their check and their help are made from it.
import { parseArgs } from 'node:util';
import { normalizeFormat, normalizeValidateType } from '@/lib/converter/formats';
import { OPTION_NAMES, optionProblem, optionRow, type OptionName, type RequestOptions } from '@/lib/converter/options';
import type { Format, ValidateType } from '@/lib/converter/types';
import { UsageError } from './errors';

export type Command = 'convert' | 'validate' | 'format';
export type ReportFormat = 'text' | 'github';

/** The converter's options, as the API's request fields (only those given on the command line). */
export type ConverterFlags = RequestOptions<'convert'>;

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

const COMMANDS: readonly Command[] = ['convert', 'format', 'validate'];

/** An option's flag: the row's own spelling, or its name in kebab case (`sortKeys`: `sort-keys`). */
export function optionFlag(name: OptionName): string {
  return optionRow(name).cli?.flag ?? name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/** The commands that take an option: those whose API endpoint takes it. */
export function optionCommands(name: OptionName): Command[] {
  const { endpoints } = optionRow(name);
  return COMMANDS.filter((command) => (endpoints as readonly string[]).includes(command));
}

/** Whether `command` takes `--no-<flag>`: a switch that is on there unless turned off (its default, or the command's own). */
export function negatable(name: OptionName, command: Command): boolean {
  const row = optionRow(name);
  return row.kind === 'boolean' && (row.default || (row.cli?.onIn?.includes(command) ?? false));
}

/** The flags `command` takes for the converter's options. */
function optionFlags(command: Command): string[] {
  return OPTION_NAMES.filter((name) => optionCommands(name).includes(command)).flatMap((name) =>
    negatable(name, command) ? [optionFlag(name), `no-${optionFlag(name)}`] : [optionFlag(name)],
  );
}

/** How help writes an option's flag: `--indent 2|4`, `--line-width N`, `--no-portable` (a switch on by default). */
export function flagUsage(name: OptionName): string {
  const row = optionRow(name);
  const flag = optionFlag(name);
  if (row.kind === 'boolean') return row.default ? `--no-${flag}` : `--${flag}`;
  return `--${flag} ${row.kind === 'enum' ? row.values.join('|') : 'N'}`;
}

type FlagConfig = { type: 'string' | 'boolean'; short?: string };

const OPTIONS: Record<string, FlagConfig> = {
  to: { type: 'string' },
  from: { type: 'string' },
  type: { type: 'string' },
  ...Object.fromEntries(
    OPTION_NAMES.flatMap((name): Array<[string, FlagConfig]> => {
      const flag = optionFlag(name);
      if (optionRow(name).kind !== 'boolean') return [[flag, { type: 'string' }]];
      return [
        [flag, { type: 'boolean' }],
        [`no-${flag}`, { type: 'boolean' }],
      ];
    }),
  ),
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
};

/** Which flags each command takes (the common ones aside). */
const COMMAND_FLAGS: Record<Command, readonly string[]> = {
  convert: ['to', 'from', 'in-place', 'out-dir', ...optionFlags('convert')],
  validate: ['type', 'schema', ...optionFlags('validate')],
  format: ['type', 'check', 'in-place', ...optionFlags('format')],
};
const COMMON_FLAGS = ['format', 'quiet', 'no-progress', 'remote', 'url', 'help', 'version'];

/** The flags other than the converter's options: those that take a value, and switches. */
type StringFlag = 'to' | 'from' | 'type' | 'schema' | 'out-dir' | 'format' | 'url';
type Switch = 'in-place' | 'check' | 'quiet' | 'no-progress' | 'remote' | 'help' | 'version';

export type Parsed =
  | { kind: 'help'; command?: Command }
  | { kind: 'version' }
  | { kind: 'schemas'; filter?: string }
  | { kind: 'run'; options: CliOptions };

export function parseCommandLine(argv: readonly string[], env: NodeJS.ProcessEnv): Parsed {
  let parsed: { values: Record<string, string | boolean | undefined>; positionals: string[] };
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true }) as typeof parsed;
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message.replace(/\. To specify a positional argument.*$/s, '.') : String(err));
  }
  const { positionals } = parsed;
  // Every flag is a string or a switch (none repeats): read each as its kind.
  const values = parsed.values as Partial<Record<StringFlag, string> & Record<Switch, true>>;
  const [first, ...inputs] = positionals;
  if (first === undefined) {
    if (values.version) return { kind: 'version' };
    if (values.help) return { kind: 'help' };
    throw new UsageError('No command given: yamljson convert | validate | format (yamljson --help).');
  }
  if (first === 'schemas') {
    if (inputs.length > 1 || Object.keys(values).length > 0) throw new UsageError('yamljson schemas takes one word to look for, and no flags.');
    return { kind: 'schemas', filter: inputs[0] };
  }
  if (first !== 'convert' && first !== 'validate' && first !== 'format') {
    throw new UsageError(`Unknown command "${first}"; the commands are convert, validate, format and schemas (yamljson --help).`);
  }
  const command: Command = first;
  if (values.help) return { kind: 'help', command };
  const allowed = new Set([...COMMAND_FLAGS[command], ...COMMON_FLAGS]);
  for (const name of Object.keys(values)) {
    if (!allowed.has(name)) throw new UsageError(`yamljson ${command} does not take --${name} (yamljson ${command} --help).`);
  }

  const converter = converterFlags(parsed.values);

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

/** The converter's options given on the command line, each checked by the converter's own check. */
function converterFlags(values: Record<string, string | boolean | undefined>): ConverterFlags {
  const converter: Record<string, unknown> = {};
  for (const name of OPTION_NAMES) {
    const row = optionRow(name);
    const flag = optionFlag(name);
    if (row.kind === 'boolean') {
      if (values[flag] && values[`no-${flag}`]) throw new UsageError(`--${flag} and --no-${flag} contradict each other.`);
      if (values[flag]) converter[name] = true;
      if (values[`no-${flag}`]) converter[name] = false;
      continue;
    }
    const text = values[flag];
    if (typeof text !== 'string') continue;
    const value = row.kind === 'integer' || typeof row.values[0] === 'number' ? integer(text, `--${flag}`) : text;
    const problem = optionProblem(name, value, `--${flag}`);
    if (problem !== null) throw new UsageError(problem);
    converter[name] = value;
  }
  return converter as ConverterFlags;
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

/** Words wrapped into lines of at most `width` characters, each starting with `pad`. */
function wrap(words: readonly string[], pad: string, width = 100, gap = ' '): string {
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    if (line !== '' && pad.length + line.length + gap.length + word.length > width) {
      lines.push(pad + line);
      line = '';
    }
    line = line === '' ? word : line + gap + word;
  }
  if (line !== '') lines.push(pad + line);
  return lines.join('\n');
}

/** The converter's options a command takes, each flag with its values and meaning (the option table's words). */
function optionHelp(command: Command): string {
  return OPTION_NAMES.filter((name) => optionCommands(name).includes(command))
    .map((name) => {
      const row = optionRow(name);
      const flag = optionFlag(name);
      const usage = row.kind !== 'boolean' ? flagUsage(name) : negatable(name, command) ? `--${flag}, --no-${flag}` : `--${flag}`;
      return `  ${usage}\n${wrap(row.meaning.split(' '), '      ')}`;
    })
    .join('\n');
}

/** The main help's list of the converter's flags (convert, format). */
const CONVERTER_USAGE = wrap(OPTION_NAMES.filter((name) => optionCommands(name).some((c) => c !== 'validate')).map(flagUsage), '  ', 100, '  ');

export const HELP: Record<'main' | Command, string> = {
  main: `yamljson: convert, validate and format YAML and JSON (offline, the same converter as the yamljson API)

Usage:
  yamljson convert [files|folders|globs...] [--to json|yaml] [--in-place | --out-dir DIR]
  yamljson validate [files...] [--type yaml|json|jsonc] [--schema schema.json | NAME | auto]
  yamljson format [files...] [--check | --in-place]
  yamljson schemas [WORD]      the built-in schema catalog (SchemaStore's): id and name

No file, or "-": stdin to stdout. A folder means its .yaml, .yml, .json and .jsonc files.

Converter options (convert, format; yamljson convert --help says what each does):
${CONVERTER_USAGE}

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
  --format text|github, --remote, --url URL, --quiet, --no-progress

Converter options (the API's fields of the same names):
${optionHelp('convert')}
`,
  validate: `yamljson validate [files|folders|globs...] [options]

  --type yaml|json|jsonc   default: from the extension (.json: strict JSON, .jsonc: JSONC, else YAML)
  --schema FILE            a JSON Schema (JSON or YAML) every document must satisfy
  --schema NAME            a schema of the built-in catalog, by id or name (yamljson schemas lists them)
  --schema auto            each file's catalog schema, matched by its path as editors match SchemaStore's
                           fileMatch patterns (.github/workflows/*.yml, Chart.yaml, tsconfig*.json...);
                           a path no pattern matches is checked as YAML/JSON only, with a warning
  --format text|github, --remote, --url URL, --quiet, --no-progress

Converter options (the API's fields of the same names):
${optionHelp('validate')}
`,
  format: `yamljson format [files|folders|globs...] [options]

  Re-writes each file in its own format (the API's POST /api/format). Comments and anchors are
  kept unless --no-preserve-comments / --no-preserve-anchors (.json files: comments are dropped
  unless --preserve-comments, as the API's "json" type does).
  --check       write nothing; list the files that would change and exit 1 if there are any
  --in-place    rewrite the files
  --type yaml|json|jsonc   default: from the extension
  --format text|github, --remote, --url URL, --quiet, --no-progress

Converter options (the API's fields of the same names):
${optionHelp('format')}
`,
};
