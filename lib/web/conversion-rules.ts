// How the converter turns one format into the other, the rules a user relies on: the one source of
// the text. /docs renders it (its "Conversion rules" section); README.md's copy, between its
// conversion-rules markers, is written from it by `conversionRulesMarkdown()` and held equal by
// test/unit/conversion-rules.test.ts. Lines are kept as README lays them out; `code` spans as in the API's descriptions.

export interface ConversionRule {
  /** The bold start of the rule (its name, or the first words of its sentence). */
  lead: string;
  /** The rest, line by line as README wraps it. */
  lines: string[];
}

export const CONVERSION_RULES: readonly ConversionRule[] = [
  {
    lead: 'Numbers.',
    lines: [
      'JSON output keeps the exact digits of the source; YAML-only spellings become',
      'JSON ones without losing a digit (`+7` -> `7`, `0x1F` -> `31`, `.5` -> `0.5`, `1.` -> `1.0`).',
      'In YAML output an exponent gets a dot and a sign (`1e3` -> `1.0e+3`), because a YAML 1.1',
      'reader only reads that form as a number; the value and its digits are unchanged.',
    ],
  },
  {
    lead: 'YAML 1.1 (`yamlVersion: "1.1"`)',
    lines: [
      'reads documents without a `%YAML` directive as PyYAML,',
      'the reference 1.1 reader, does: its resolver patterns alternative for alternative',
      '(`lib/converter/yaml/resolve-scalar.ts` cites them). `yes`/`no`/`on`/`off` in their three',
      'case forms are booleans but `y`/`n` are strings; `0755` is octal, `0b1010` binary, `-0x1F`',
      'hex, `1_000` has separators, `1:30` is 90 and `190:20:30.15` a float; an exponent needs a dot',
      'and a sign (`1.0e+3`; `1e3` is a string), `-.5` is a string and `-0` is 0, as in PyYAML.',
      'Where PyYAML cannot load a scalar at all (`0b_`, `0x_`, `=`) the text is kept. Timestamps',
      'stay strings and merge keys apply, as in 1.2. A `%YAML 1.1` or `%YAML 1.2` directive wins',
      'for its own document and only that one (the `yaml` package would carry a 1.1 directive on to',
      "later documents; PyYAML does not). Duplicate keys compare keys as the document's version",
      'types them: under 1.1 `on:` and `yes:` are the same key (`true`) and an `invalid_input`',
      'error, as `true:` and `True:` are under 1.2. The single-pass reader handles 1.1 itself',
      '(28-56 MB/s on the 1 MB corpus, 0.7-0.95x of 1.2; the reference path would be 1-2 MB/s);',
      'the 1.2 default path is unchanged. `test/differential/yaml11-pyyaml.test.ts` compares the',
      'typing with PyYAML itself when `python3` has `yaml`.',
    ],
  },
  {
    lead: 'JSON output',
    lines: ['is two-space JSON ending with a newline. An empty YAML stream is `null`;', 'several documents are an array.'],
  },
  {
    lead: 'Comments',
    lines: [
      "(`preserveComments`). Each comment's text is kept byte for byte after its",
      'marker (`## x` stays `## x`, `#x` stays `#x`; in JSONC they are `//# x` and `//x`, and',
      'back; a `/* */` line becomes `# line`), in source order, alone on its',
      "line or at the end of its node's line: after a scalar, after a flow collection's closing",
      "bracket, on a block scalar's header, after `key:` of a block collection. A stream of only",
      'comments keeps them (YAML->JSONC: before its `null`). With comments kept, YAML output also',
      'keeps flow collections flow (on one line, unless a comment inside needs block style) and',
      'block scalars in their style (`|`/`>`) and chomping where the value allows. An alias',
      'expanded (without `preserveAnchors`) does not repeat the comments of the node it names.',
    ],
  },
  {
    lead: 'Key collisions.',
    lines: [
      'YAML keys that are different values but the same JSON text',
      '(`1` and `"1"`) keep the last value, with a warning; JSON input with a duplicate key keeps',
      "the last value at the first key's place, with a warning (RFC 8259 allows duplicates).",
    ],
  },
  {
    lead: 'Empty JSON input',
    lines: ['converts to `null` (convert reads JSONC); `validate` with `type: json`', 'reports it as an error (`EMPTY_DOCUMENT`), as RFC 8259 does.'],
  },
  {
    lead: 'Columns',
    lines: ['in errors count UTF-16 code units, as editors do; lines and columns are 1-based.'],
  },
  {
    lead: 'Lone surrogates',
    lines: [
      '(`\\ud800` in a JSON body) are not Unicode text: convert answers 422',
      'and validate `valid: false`, with an `INVALID_UTF8` error at their position.',
    ],
  },
  {
    lead: 'Warnings',
    lines: ['(JSONC output, expanded aliases, `.inf`/`.nan`, unknown tags, collisions) are a', 'top-level `warnings` array, always present.'],
  },
];

export const CONVERSION_RULES_START = '<!-- conversion-rules: written from lib/web/conversion-rules.ts (npm run docs:examples); edit it there -->';
export const CONVERSION_RULES_END = '<!-- /conversion-rules -->';

/** The rules as README's Markdown list. */
export function conversionRulesMarkdown(): string {
  return CONVERSION_RULES.map((rule) => {
    const [first = '', ...rest] = rule.lines;
    return [`- **${rule.lead}**${first ? ` ${first}` : ''}`, ...rest.map((line) => `  ${line}`)].join('\n');
  }).join('\n');
}

/** README.md with its conversion-rules block written from CONVERSION_RULES. */
export function withConversionRules(readme: string): string {
  const start = readme.indexOf(CONVERSION_RULES_START);
  const end = readme.indexOf(CONVERSION_RULES_END);
  if (start < 0 || end < start) throw new Error('README.md has no conversion-rules block');
  return `${readme.slice(0, start)}${CONVERSION_RULES_START}\n${conversionRulesMarkdown()}\n${readme.slice(end)}`;
}
