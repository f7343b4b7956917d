/**
 * The options of a conversion request, one row each: the single source that the converter's own
 * check (options.ts), the API's zod schemas and raw mode's query (lib/jobs/request-schemas.ts),
 * the OpenAPI document, the CLI's flags and help (packages/cli/src/options.ts), the playground's
 * Options popover (components/playground/format-options.tsx) and the README's options tables
 * (written by `npm run docs:examples`) are made from. A new option is a row here, its
 * implementation and its tests.
 *
 * Universal like the rest of the converter: plain data, no zod, no Node, no web code.
 *
 * Not options: what a request is about rather than how it is read or written (`input`, the formats,
 * validate's `schema` and its `filename`). They change no output of the converter, have no default to
 * leave out, and are fields of their endpoint's zod schema (lib/conversion/request-schemas.ts).
 */
import type { Format } from './types';

/** Where a request's options arrive: the convert JSON body, raw mode's query, format's and validate's bodies. */
export type OptionEndpoint = 'convert' | 'raw' | 'format' | 'validate';
/** The CLI's commands (each is the endpoint of the same name, run offline or with --remote). */
export type CliCommand = 'convert' | 'format' | 'validate';

/**
 * How a refusal is worded; `accepted` completes it. "cannot" (new rows): `Field "indent" cannot be 3;
 * accepted: 2 or 4.` The first rows keep the words the API published for them: "must" (`Field
 * "preserveComments" must be true or false.`) and "must-not" (`Field "yamlVersion" must be "1.1" or
 * "1.2", not "1.3".`).
 */
export type RefusalWording = 'cannot' | 'must' | 'must-not';

interface RowCommon {
  /**
   * What the option does, in the words of its OpenAPI description, the README's table, the CLI's
   * help and the playground's help text (`code` spans in backticks).
   */
  meaning: string;
  /** POST /api/format's own words, where its meaning differs (a default that depends on `type`). */
  formatMeaning?: string;
  /** The accepted values, as every refusal states them. */
  accepted: string;
  wording?: RefusalWording;
  /** Read only for this input format (absent: any). */
  input?: Format;
  /** Applies only to this output format (absent: any); given for the other, it is ignored with a warning if `formatting`. */
  output?: Format;
  endpoints: readonly OptionEndpoint[];
  /**
   * A formatting option: a non-default value leaves the single-pass paths for the reference path
   * (readers + writers), so the default paths keep their speed; listed in the README's formatting table.
   */
  formatting: boolean;
  /** CLI: the flag when it is not the name in kebab case; commands that turn it on by themselves (they also take `--no-<flag>`). */
  cli?: { flag?: string; onIn?: readonly CliCommand[] };
  /**
   * The playground: "toolbar" (a switch of its own beside the formats), or the Options popover's
   * control: its label and, for integers, the values it offers (`null`: the default, absent).
   */
  playground: 'toolbar' | { label: string; choices?: ReadonlyArray<readonly [value: number | string | null, label: string]> };
}

export interface BooleanRow extends RowCommon {
  kind: 'boolean';
  default: boolean;
  /** A value other than the default (the OpenAPI document's examples, sent verbatim by its tests). */
  example: boolean;
}

export interface EnumRow<V extends string | number = string | number> extends RowCommon {
  kind: 'enum';
  values: readonly V[];
  default: V;
  example: V;
}

export interface IntegerRow extends RowCommon {
  kind: 'integer';
  minimum: number;
  /** `null` (as absent) means the default, which is then `null`: the option is off. */
  nullable: boolean;
  default: number | null;
  example: number;
}

export type OptionRow = BooleanRow | EnumRow | IntegerRow;

const CONVERTING = ['convert', 'raw', 'format'] as const;

/** Narrower lines leave no room for text once a few levels of indentation are written. */
export const MIN_LINE_WIDTH = 20;

/** The rows, in the order the API's schemas, the docs and the CLI list them. */
export const OPTION_TABLE = {
  preserveComments: {
    kind: 'boolean',
    default: false,
    example: true,
    meaning:
      "Carry comments over, each with its exact text, in order, on its own line or at the end of its node's line (JSON output becomes JSONC and a warning says so). YAML output then also keeps flow collections and block scalar styles.",
    formatMeaning: 'Keep comments. Default: true for `jsonc`, false for `yaml` and `json`.',
    accepted: 'true or false',
    wording: 'must',
    endpoints: CONVERTING,
    formatting: false,
    cli: { onIn: ['format'] },
    playground: 'toolbar',
  },
  preserveAnchors: {
    kind: 'boolean',
    default: false,
    example: true,
    meaning: 'YAML -> YAML: keep anchors and aliases. JSON cannot keep them: aliases are expanded and a warning says so.',
    formatMeaning: 'YAML: keep anchors and aliases (otherwise they are expanded).',
    accepted: 'true or false',
    wording: 'must',
    input: 'yaml',
    endpoints: CONVERTING,
    formatting: false,
    cli: { onIn: ['format'] },
    playground: 'toolbar',
  },
  yamlVersion: {
    kind: 'enum',
    values: ['1.1', '1.2'],
    default: '1.2',
    example: '1.1',
    meaning:
      'YAML input: the YAML version that reads documents without a `%YAML` directive. `1.2` (default): the core schema. ' +
      '`1.1`: scalars as PyYAML reads them: `yes`/`no`/`on`/`off` (and their `Yes`/`YES` forms) are booleans (`y` and `n` stay strings), ' +
      '`0755` is octal, `0b1010` binary, `1_000` has digit separators, `1:30` is sexagesimal (90). ' +
      'A `%YAML 1.1` or `%YAML 1.2` directive wins for its own document. Ignored for JSON input.',
    accepted: '"1.1" or "1.2"',
    wording: 'must-not',
    input: 'yaml',
    endpoints: ['convert', 'raw', 'format', 'validate'],
    formatting: false,
    playground: {
      label: 'YAML version',
      choices: [
        ['1.2', '1.2'],
        ['1.1', '1.1'],
      ],
    },
  },
  indent: {
    kind: 'enum',
    values: [2, 4],
    default: 2,
    example: 4,
    meaning:
      'Spaces per level of indentation, JSON and YAML output: 2 (default) or 4. In YAML a collection in a sequence starts on the `-` line padded to the indent (`-   a: 1`), as js-yaml writes it.',
    accepted: '2 or 4',
    endpoints: CONVERTING,
    formatting: true,
    playground: {
      label: 'Indent',
      choices: [
        [2, '2 spaces'],
        [4, '4 spaces'],
      ],
    },
  },
  sortKeys: {
    kind: 'boolean',
    default: false,
    example: true,
    meaning:
      'Sort the keys of every mapping by Unicode code point of the key text (the order of UTF-8 bytes, as Python\'s sort_keys and `jq -S`; `"10"` before `"9"`). Default false: the source order. YAML merge entries (`<<`, kept with preserveAnchors) stay first.',
    accepted: 'true or false',
    endpoints: CONVERTING,
    formatting: true,
    playground: { label: 'Sort keys' },
  },
  jsonStyle: {
    kind: 'enum',
    values: ['pretty', 'compact'],
    default: 'pretty',
    example: 'compact',
    meaning:
      'JSON output: `pretty` (default, one entry per line) or `compact` (one line, no white space; the output still ends with a newline). `compact` with preserveComments is refused (400): comments need lines.',
    accepted: '"pretty", "compact"',
    output: 'json',
    endpoints: CONVERTING,
    formatting: true,
    playground: {
      label: 'JSON style',
      choices: [
        ['pretty', 'Pretty'],
        ['compact', 'Compact'],
      ],
    },
  },
  flowLevel: {
    kind: 'integer',
    minimum: 0,
    nullable: true,
    default: null,
    example: 1,
    meaning:
      'YAML output: collections nested this deep or deeper (the root is 0) are written in flow style on one line, `{a: 1, b: [x, y]}`. Absent or null: never (default). A collection holding comments stays in block style.',
    accepted: 'an integer from 0 (0: the whole document in flow style)',
    output: 'yaml',
    endpoints: CONVERTING,
    formatting: true,
    playground: {
      label: 'Flow level',
      choices: [
        [null, 'Never'],
        [0, '0 (all)'],
        [1, '1'],
        [2, '2'],
        [3, '3'],
        [4, '4'],
      ],
    },
  },
  quoteStyle: {
    kind: 'enum',
    values: ['plain', 'single', 'double'],
    default: 'plain',
    example: 'single',
    meaning:
      'YAML output: `plain` (default) writes strings plain where YAML 1.1 and 1.2 readers read them back unchanged, double-quoted otherwise; `single` and `double` quote every string value with that quote (keys only where they need quotes; a string single quotes cannot carry is double-quoted). Strings with line breaks stay block literals (`|`).',
    accepted: '"plain", "single", "double"',
    output: 'yaml',
    endpoints: CONVERTING,
    formatting: true,
    playground: {
      label: 'Quotes',
      choices: [
        ['plain', 'Plain where safe'],
        ['single', 'Single'],
        ['double', 'Double'],
      ],
    },
  },
  lineWidth: {
    kind: 'integer',
    minimum: MIN_LINE_WIDTH,
    nullable: true,
    default: null,
    example: 40,
    meaning:
      'YAML output: fold string values longer than this many characters (UTF-16 units) at single spaces, so lines fit where a space allows; they read back unchanged. Keys, block literals and flow collections are not folded. Absent or null: never fold (default).',
    accepted: `an integer from ${MIN_LINE_WIDTH}`,
    output: 'yaml',
    endpoints: CONVERTING,
    formatting: true,
    playground: {
      label: 'Line width',
      choices: [
        [null, 'Never fold'],
        [40, '40'],
        [60, '60'],
        [80, '80'],
        [100, '100'],
        [120, '120'],
      ],
    },
  },
  portable: {
    kind: 'boolean',
    default: true,
    example: false,
    meaning:
      "YAML output: `true` (default) quotes every string a YAML 1.1 reader (PyYAML, Go's yaml.v2, Ruby) would read as something else, so the output reads back as the same data with YAML 1.1 and 1.2 readers. " +
      "`false` writes plain the strings only YAML 1.1 reads differently (`on`, `yes`, `n`, `1:30`, `2001-12-14`, `0b1010`...), which YAML 1.2 readers read back unchanged: GitHub Actions' `on:` stays `on:`. " +
      'Strings YAML 1.2 also reads as something else (`true`, `null`, `1.0`, `0x1F`, `0755`) stay quoted.',
    accepted: 'true or false',
    output: 'yaml',
    endpoints: CONVERTING,
    formatting: true,
    playground: { label: 'Portable (YAML 1.1)' },
  },
} as const satisfies Record<string, OptionRow>;

export type OptionTable = typeof OPTION_TABLE;
export type OptionName = keyof OptionTable;

/** The value an option takes once checked (the default filled in). */
export type OptionValue<K extends OptionName> = OptionTable[K] extends { kind: 'enum'; values: readonly (infer V)[] }
  ? V
  : OptionTable[K] extends { kind: 'boolean' }
    ? boolean
    : OptionTable[K] extends { nullable: true }
      ? number | null
      : number;

/** The checked options of a request: every row, defaults filled in. */
export type Options = { [K in OptionName]: OptionValue<K> };

/** The options one endpoint takes. */
export type EndpointOptionName<E extends OptionEndpoint> = {
  [K in OptionName]: E extends OptionTable[K]['endpoints'][number] ? K : never;
}[OptionName];

/** The formatting options' names (a non-default value leaves the single-pass paths). */
export type FormattingOptionName = { [K in OptionName]: OptionTable[K]['formatting'] extends true ? K : never }[OptionName];

/** The checked formatting options: what the writers take. */
export type FormatOptions = Pick<Options, FormattingOptionName>;

/** A value as a request may send it: numbers as any number (the check says which it takes). */
export type RequestValue<K extends OptionName> =
  OptionValue<K> extends number ? number : OptionValue<K> extends number | null ? number | null : OptionValue<K>;

/** The option fields of an endpoint's request, as sent: each optional. */
export type RequestOptions<E extends OptionEndpoint> = { [K in EndpointOptionName<E>]?: RequestValue<K> };

/** Every option's name, in the table's order. */
export const OPTION_NAMES = Object.keys(OPTION_TABLE) as OptionName[];

/** The row of an option (typed as a row of any kind). */
export function optionRow(name: OptionName): OptionRow {
  return OPTION_TABLE[name];
}
