// One run of the CLI: parse the command line, read each file, run the operation (offline or --remote),
// write or print the results, and answer the exit code. No process globals: main.ts passes them in.
import { mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { decodeUtf8OrThrow, isConversionError, type Format, type ValidateType } from '@/lib/converter';
import pkg from '../package.json';
import { localEngine, remoteEngine, type Engine, type Outcome } from './engine';
import { EXIT_INVALID, EXIT_OK, EXIT_USAGE, UsageError } from './errors';
import { expandInputs, type InputFile } from './inputs';
import { HELP, parseCommandLine, type CliOptions } from './options';
import { Progress, type ProgressStream } from './progress';
import { problemLine, warningLine, wouldChangeLine } from './report';
import { type FileSchema, listSchemas, readSchemaOption, schemaForFile } from './schema-choice';

export interface Io {
  cwd: string;
  env: NodeJS.ProcessEnv;
  stdout: { write(text: string): unknown };
  stderr: ProgressStream;
  readStdin(): Promise<Uint8Array>;
  /** --remote's HTTP client (fetch by default). */
  fetch?: typeof fetch;
}

export async function run(argv: readonly string[], io: Io): Promise<number> {
  try {
    const parsed = parseCommandLine(argv, io.env);
    if (parsed.kind === 'version') {
      io.stdout.write(`${pkg.version}\n`);
      return EXIT_OK;
    }
    if (parsed.kind === 'help') {
      io.stdout.write(HELP[parsed.command ?? 'main']);
      return EXIT_OK;
    }
    if (parsed.kind === 'schemas') {
      io.stdout.write(listSchemas(parsed.filter));
      return EXIT_OK;
    }
    return await runCommand(parsed.options, io);
  } catch (err) {
    if (err instanceof UsageError) {
      io.stderr.write(`yamljson: ${err.message}\n`);
      return EXIT_USAGE;
    }
    // The file system's refusals (a file that cannot be read or written) are not the input's fault either.
    const code = (err as NodeJS.ErrnoException | null)?.code;
    if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) {
      io.stderr.write(`yamljson: ${(err as Error).message}\n`);
      return EXIT_USAGE;
    }
    io.stderr.write(`yamljson: internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    return EXIT_USAGE;
  }
}

function engineFor(options: CliOptions, io: Io): Engine {
  if (!options.remote) return localEngine();
  const url = options.url;
  const key = io.env.YAMLJSON_API_KEY;
  if (!url) throw new UsageError('--remote needs the server: set YAMLJSON_URL (or pass --url), e.g. https://yamljson.example.com.');
  if (!/^https?:\/\//.test(url)) throw new UsageError(`YAMLJSON_URL ${JSON.stringify(url)} is not an http(s) URL.`);
  if (!key) throw new UsageError('--remote needs an API key: set YAMLJSON_API_KEY to a key from your dashboard (yj_...).');
  return remoteEngine(url, key, io.fetch);
}

/** A file's format from its extension: .json/.jsonc are JSON, anything else YAML (null: no known extension). */
function formatOfName(name: string): Format | null {
  if (/\.jsonc?$/i.test(name)) return 'json';
  if (/\.ya?ml$/i.test(name)) return 'yaml';
  return null;
}

function typeOfName(name: string): ValidateType {
  if (/\.jsonc$/i.test(name)) return 'jsonc';
  if (/\.json$/i.test(name)) return 'json';
  return 'yaml';
}

const other = (f: Format): Format => (f === 'json' ? 'yaml' : 'json');

/** `a.yaml` -> `a.json`; a YAML name stays when the output is YAML. */
export function withExtension(file: string, to: Format): string {
  if (to === 'yaml' && /\.ya?ml$/i.test(file)) return file;
  const stem = file.replace(/\.(ya?ml|jsonc?)$/i, '');
  return `${stem}.${to}`;
}

/** --remote: requests in flight at once. */
const REMOTE_IN_FLIGHT = 4;

async function runCommand(options: CliOptions, io: Io): Promise<number> {
  const engine = engineFor(options, io);
  const files = expandInputs(options.inputs, io.cwd);
  const schema = readSchemaOption(options.schema, io.cwd);
  const sizes = files.map((f) => (f.path ? statSync(f.path).size : 0));
  const totalBytes = sizes.reduce((a, b) => a + b, 0);
  const progress = new Progress(io.stderr, files.length, totalBytes, options.progress && options.report === 'text' && !options.quiet);
  const say = (line: string) => progress.log(line);

  let invalid = 0;
  let changed = 0;
  let written = 0;
  /** Reads a file and runs the operation on it. */
  const work = async (file: InputFile): Promise<{ input: string; outcome: Outcome; to: Format; notice?: string }> => {
    const bytes = file.path ? readFileSync(file.path) : await io.readStdin();
    const to = outputFormat(options, file);
    let input: string;
    try {
      input = decodeUtf8OrThrow(bytes);
    } catch (err) {
      if (!isConversionError(err)) throw err;
      const problems = (err.details ?? []).map((d) => ({ message: d.message, line: d.line, column: d.column, code: d.code }));
      return { input: '', outcome: { ok: false, problems }, to };
    }
    const fileSchema = schemaForFile(schema, file.name);
    const notice = fileSchema.kind === 'none' ? fileSchema.notice : undefined;
    return { input, outcome: await operate(engine, options, file, input, fileSchema, to), to, notice };
  };
  // --remote keeps a few requests in flight (the server queues 4 per account); results are still
  // reported and written in the files' order. Offline the converter runs one file at a time.
  const inFlight = options.remote ? REMOTE_IN_FLIGHT : 1;
  const pending: Array<Promise<Awaited<ReturnType<typeof work>>>> = [];
  let next = 0;
  for (const [i, file] of files.entries()) {
    while (next < files.length && pending.length < inFlight) {
      const started = work(files[next++]!);
      // Awaited below in order; a run that stops early (a usage error) must not leave a rejection unhandled.
      started.catch(() => {});
      pending.push(started);
    }
    const { input, outcome, to, notice } = await pending.shift()!;
    // A file checked without the schema --schema auto looked for: said in the file's turn, as its problems are.
    if (notice !== undefined && !options.quiet) say(warningLine(options.report, file.name, notice));
    if (!outcome.ok) {
      invalid++;
      for (const problem of outcome.problems) say(problemLine(options.report, file.name, problem));
    } else {
      if (!options.quiet) for (const warning of outcome.warnings) say(warningLine(options.report, file.name, warning));
      const result = deliver(options, io, file, input, outcome.output, to);
      if (result === 'changed') changed++;
      if (result === 'written') written++;
      if (result === 'valid' && !options.quiet) io.stdout.write(`${file.name}: valid${outcome.schema ? ` (${outcome.schema})` : ''}\n`);
    }
    progress.tick(sizes[i]!);
  }
  progress.finish();

  const noun = (n: number) => `${n} file${n === 1 ? '' : 's'}`;
  if (options.check && changed > 0) {
    if (options.report === 'text' && !options.quiet) io.stderr.write(`yamljson: ${noun(changed)} would be reformatted.\n`);
  }
  if (invalid > 0 && options.report === 'text' && files.length > 1) io.stderr.write(`yamljson: ${invalid} of ${noun(files.length)} invalid.\n`);
  if (written > 0 && !options.quiet && options.report === 'text') io.stderr.write(`yamljson: wrote ${noun(written)}.\n`);
  return invalid > 0 || changed > 0 ? EXIT_INVALID : EXIT_OK;
}

/** convert: the input's format (--from, else the extension; stdin: the opposite of --to, else YAML). */
function inputFormat(options: CliOptions, file: InputFile): Format {
  return options.from ?? formatOfName(file.name) ?? (file.path === null && options.to ? other(options.to) : 'yaml');
}

/** convert: the output's format (--to, else the other one). */
function outputFormat(options: CliOptions, file: InputFile): Format {
  return options.to ?? other(inputFormat(options, file));
}

function operate(engine: Engine, options: CliOptions, file: InputFile, input: string, schema: FileSchema, to: Format): Promise<Outcome> {
  const flags = options.converter;
  switch (options.command) {
    case 'convert':
      return engine.convert({ input, from: inputFormat(options, file), to, flags });
    case 'format':
      return engine.format({ input, type: options.type ?? typeOfName(file.name), flags });
    case 'validate':
      return engine.validate({ input, type: options.type ?? typeOfName(file.name), yamlVersion: flags.yamlVersion, schema, fileName: file.name });
  }
}

type Delivery = 'printed' | 'written' | 'changed' | 'unchanged' | 'valid';

function deliver(options: CliOptions, io: Io, file: InputFile, input: string, output: string, to: Format): Delivery {
  if (options.command === 'validate') return 'valid';
  if (options.command === 'format') {
    if (options.check) {
      if (output === input) return 'unchanged';
      io.stdout.write(`${wouldChangeLine('text', file.name)}\n`);
      if (options.report === 'github') io.stderr.write(`${wouldChangeLine('github', file.name)}\n`);
      return 'changed';
    }
    if (options.inPlace && file.path) {
      if (output === input) return 'unchanged';
      writeFileSync(file.path, output);
      return 'written';
    }
    io.stdout.write(output);
    return 'printed';
  }
  if (options.inPlace && file.path) {
    const target = withExtension(file.path, to);
    writeFileSync(target, output);
    // The converted file replaces the source: removed only once the new one is written.
    if (target !== file.path) unlinkSync(file.path);
    return 'written';
  }
  if (options.outDir !== undefined && file.path) {
    const target = path.resolve(io.cwd, options.outDir, withExtension(path.relative(file.base, file.path), to));
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, output);
    return 'written';
  }
  io.stdout.write(output);
  return 'printed';
}
