// The README tables written from the option table (lib/converter/option-table.ts): README.md's
// formatting options and packages/cli/README.md's converter flags, each between its markers.
// `npm run docs:examples` writes them; test/unit/option-docs.test.ts holds both files to them.
import { FORMATTING_OPTIONS, OPTION_NAMES, optionRow, type OptionName } from '@/lib/converter/options';
import { flagUsage, negatable, optionCommands, optionFlag } from '@/packages/cli/src/options';

export const FORMATTING_OPTIONS_START =
  '<!-- formatting-options: written from lib/converter/option-table.ts (npm run docs:examples); edit it there -->';
export const FORMATTING_OPTIONS_END = '<!-- /formatting-options -->';
export const CLI_FLAGS_START = '<!-- converter-flags: written from lib/converter/option-table.ts (npm run docs:examples); edit it there -->';
export const CLI_FLAGS_END = '<!-- /converter-flags -->';

/** Text for a Markdown table cell: `|` escaped (also inside code spans, as GitHub's tables need). */
function cell(text: string): string {
  return text.replaceAll('|', '\\|');
}

/** An option's values in words: `2` (default), `4`; integer >= 0, or absent. */
export function valuesInWords(name: OptionName): string {
  const row = optionRow(name);
  const marked = (value: unknown) => `\`${String(value)}\`${value === row.default ? ' (default)' : ''}`;
  switch (row.kind) {
    case 'boolean':
      return [row.default, !row.default].map(marked).join(', ');
    case 'enum':
      return row.values.map(marked).join(', ');
    case 'integer':
      return `integer >= ${row.minimum}${row.default === null ? ', or absent' : ` (default \`${row.default}\`)`}`;
  }
}

/** README.md's table of the formatting options. */
export function formattingOptionsMarkdown(): string {
  const rows = FORMATTING_OPTIONS.map((name) => `| \`${name}\` | ${cell(valuesInWords(name))} | ${cell(optionRow(name).meaning)} |`);
  return ['| Field | Values | Meaning |', '|---|---|---|', ...rows].join('\n');
}

/** packages/cli/README.md's table of the converter's flags. */
export function cliFlagsMarkdown(): string {
  const rows = OPTION_NAMES.map((name) => {
    const commands = optionCommands(name);
    const negated = commands.filter((command) => negatable(name, command));
    const row = optionRow(name);
    let flags = `\`${flagUsage(name)}\``;
    if (row.kind === 'boolean' && negated.length > 0) {
      const where = negated.length === commands.length ? '' : ` (${negated.join(', ')})`;
      flags = `\`--${optionFlag(name)}\`, \`--no-${optionFlag(name)}\`${where}`;
    }
    return `| ${cell(flags)} | \`${name}\` | ${commands.join(', ')} | ${cell(row.meaning)} |`;
  });
  return ['| Flag | API field | Commands | Meaning |', '|---|---|---|---|', ...rows].join('\n');
}

/** `text` with the block between `start` and `end` written anew. */
function withBlock(text: string, start: string, end: string, block: string, file: string): string {
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`${file} has no block ${start}`);
  return `${text.slice(0, from)}${start}\n${block}\n${text.slice(to)}`;
}

export function withFormattingOptions(readme: string): string {
  return withBlock(readme, FORMATTING_OPTIONS_START, FORMATTING_OPTIONS_END, formattingOptionsMarkdown(), 'README.md');
}

export function withCliFlags(readme: string): string {
  return withBlock(readme, CLI_FLAGS_START, CLI_FLAGS_END, cliFlagsMarkdown(), 'packages/cli/README.md');
}
