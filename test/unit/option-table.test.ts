/**
 * The option table (lib/converter/option-table.ts) is the one source of every option's check and
 * description: the converter and the API refuse a value with the same words (body and raw mode's
 * query), the OpenAPI document describes each field from its row, the CLI takes a flag for each row
 * on the commands of its endpoints, and the playground's popover offers only values the check takes.
 */
import { describe, expect, it } from 'vitest';
import { getOpenApiDocument } from '@/lib/api/openapi';
import { RawConvertQuerySchema } from '@/lib/api/schemas';
import { optionJsonSchema } from '@/lib/jobs/request-schemas';
import { ConvertRequestSchema, FormatRequestSchema, ValidateRequestSchema } from '@/lib/jobs/request-schemas';
import { parseRequestOrThrow } from '@/lib/jobs/read-request';
import { convert, validate } from '@/lib/converter';
import {
  DEFAULT_OPTIONS,
  endpointOptions,
  OPTION_NAMES,
  OPTION_TABLE,
  optionFromText,
  optionProblem,
  optionRow,
  usesFastPaths,
  type OptionName,
} from '@/lib/converter/options';
import { optionCommands, optionFlag, parseCommandLine } from '@/packages/cli/src/options';
import { offeredValues, POPOVER_OPTIONS } from '@/lib/web/playground-state';

// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document is read as plain JSON.
type Json = Record<string, any>;

/** Values no option takes, and some that one or another does. */
const PROBES: unknown[] = ['x', '', 'yes', 3, 2.5, -1, 0, 19, 20, 4, '4', '1.1', 1.1, null, true, 'true', {}, [], 'a'.repeat(60)];
const TEXT_PROBES = ['x', '', 'yes', 'true', '1', '0', '2', '3', '4', '-1', '19', '20', '1.1', '1.3', '1e3', 'compact', 'single', ' 4'];

function messageOf(run: () => unknown): string | null {
  try {
    run();
    return null;
  } catch (err) {
    return (err as Error).message;
  }
}

describe('one check, the same words everywhere', () => {
  it.each(OPTION_NAMES)('%s: the converter and the API body refuse the same values with the same message', (name) => {
    for (const value of PROBES) {
      const body = { input: 'a: 1', inputType: 'yaml', outputType: 'yaml', [name]: value };
      const api = messageOf(() => parseRequestOrThrow(ConvertRequestSchema, body));
      const library = messageOf(() => convert(body));
      expect(api, `${name}: ${JSON.stringify(value)}`).toBe(optionProblem(name, value));
      // compact + preserveComments aside, what the check takes converts.
      expect(library, `${name}: ${JSON.stringify(value)}`).toBe(api);
    }
  });

  it('several refused fields: every message, in the table order, from both', () => {
    const body = { input: 'a: 1', inputType: 'yaml', outputType: 'yaml', lineWidth: 5, indent: 3, preserveComments: 'yes' };
    const expected =
      'Field "preserveComments" must be true or false. Field "indent" cannot be 3; accepted: 2 or 4. Field "lineWidth" cannot be 5; accepted: an integer from 20.';
    expect(messageOf(() => parseRequestOrThrow(ConvertRequestSchema, body))).toBe(expected);
    expect(messageOf(() => convert(body as never))).toBe(expected);
  });

  it('format and validate bodies check the options of their endpoints, and validate() the same', () => {
    expect(endpointOptions('validate')).toStrictEqual(['yamlVersion']);
    const bad = { input: 'a: 1', type: 'yaml', yamlVersion: 1.2, indent: 3 };
    const yamlVersion = 'Field "yamlVersion" must be "1.1" or "1.2", not the number 1.2 (send it as a string).';
    expect(messageOf(() => parseRequestOrThrow(ValidateRequestSchema, bad))).toBe(yamlVersion);
    expect(messageOf(() => validate(bad as never))).toBe(yamlVersion);
    expect(messageOf(() => parseRequestOrThrow(FormatRequestSchema, bad))).toBe(`${yamlVersion} Field "indent" cannot be 3; accepted: 2 or 4.`);
  });

  it.each(endpointOptions('raw'))("%s: raw mode's query reads text by the table and refuses in the body's words", (name) => {
    for (const text of TEXT_PROBES) {
      const query = { from: 'yaml', to: 'yaml', [name]: text };
      const read = optionFromText(name, text);
      const parsed = messageOf(() => parseRequestOrThrow(RawConvertQuerySchema, query));
      if ('problem' in read) {
        expect(parsed, `${name}=${text}`).toBe(read.problem);
        expect(read.problem).toBe(optionProblem(name, text, `Query parameter "${name}"`));
      } else {
        expect(parsed, `${name}=${text}`).toBeNull();
        expect(optionProblem(name, read.value)).toBeNull();
        expect((parseRequestOrThrow(RawConvertQuerySchema, query) as Record<string, unknown>)[name]).toBe(read.value);
      }
    }
  });

  it('each row: its default and its example pass the check; the defaults are the fast paths', () => {
    for (const name of OPTION_NAMES) {
      const row = optionRow(name);
      expect(optionProblem(name, row.default), name).toBeNull();
      expect(optionProblem(name, row.example), name).toBeNull();
      expect(row.example, name).not.toBe(row.default);
      expect(usesFastPaths({ ...DEFAULT_OPTIONS, [name]: row.example }), name).toBe(!row.formatting);
    }
  });
});

describe('the OpenAPI document, from the rows', () => {
  const doc = getOpenApiDocument() as Json;

  it.each([
    ['ConvertRequest', 'convert'],
    ['FormatRequest', 'format'],
    ['ValidateRequest', 'validate'],
  ] as const)('%s: each option field has its JSON Schema and its meaning', (id, endpoint) => {
    const properties = doc.components.schemas[id].properties as Record<string, Json>;
    for (const name of endpointOptions(endpoint)) {
      const row = optionRow(name);
      const { description, examples: _examples, ...schema } = properties[name]!;
      expect(schema, `${id}.${name}`).toStrictEqual(optionJsonSchema(row, 'body'));
      const meaning = (endpoint === 'format' && 'formatMeaning' in row ? row.formatMeaning : undefined) ?? row.meaning;
      expect(description, `${id}.${name}`).toMatch(new RegExp(`^${meaning.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
      expect(doc.components.schemas[id].required, `${id}.${name}`).not.toContain(name);
    }
  });

  it("raw mode's query parameters: one per row, in the table's order, with a non-default example", () => {
    const params = doc.paths['/api/convert'].post.parameters as Json[];
    expect(params.map((p) => p.name)).toStrictEqual(['from', 'to', ...endpointOptions('raw')]);
    for (const param of params.slice(2)) {
      const row = optionRow(param.name as OptionName);
      expect(param.description).toBe(`Raw mode: as \`${param.name}\` in the JSON body. ${row.meaning}`);
      expect(param.example).toBe(row.example);
      expect('problem' in optionFromText(param.name as OptionName, String(param.example))).toBe(false);
    }
  });
});

describe('the CLI, from the rows', () => {
  it.each(OPTION_NAMES)('%s: a flag on the commands of its endpoints, its example read as the API reads it', (name) => {
    const row = optionRow(name);
    const flag = optionFlag(name);
    for (const command of ['convert', 'format', 'validate'] as const) {
      const args = row.kind === 'boolean' ? [command, row.example ? `--${flag}` : `--no-${flag}`] : [command, `--${flag}`, String(row.example)];
      if (!optionCommands(name).includes(command)) {
        expect(() => parseCommandLine(args, {} as NodeJS.ProcessEnv), `${args.join(' ')}`).toThrow(`does not take --${args[1]!.slice(2)}`);
        continue;
      }
      const parsed = parseCommandLine(args, {} as NodeJS.ProcessEnv);
      expect(parsed.kind === 'run' && parsed.options.converter[name as keyof typeof parsed.options.converter], args.join(' ')).toBe(row.example);
    }
  });
});

describe('the playground popover, from the rows', () => {
  it('has a control for every row that is not the toolbar’s, offering only values the check takes', () => {
    expect([...POPOVER_OPTIONS].sort()).toStrictEqual(OPTION_NAMES.filter((name) => OPTION_TABLE[name].playground !== 'toolbar').sort());
    for (const name of POPOVER_OPTIONS) {
      const offered = offeredValues(name);
      expect(offered[0], name).toBe(OPTION_TABLE[name].default);
      for (const value of offered) expect(optionProblem(name, value), `${name}: ${value}`).toBeNull();
    }
  });
});
