// The option table (lib/converter/option-table.ts) is the one source of README.md's formatting
// options and packages/cli/README.md's converter flags (scripts/option-docs.ts writes them in
// `npm run docs:examples`); this holds both files to it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FORMATTING_OPTIONS, OPTION_NAMES } from '@/lib/converter/options';
import {
  CLI_FLAGS_END,
  CLI_FLAGS_START,
  FORMATTING_OPTIONS_END,
  FORMATTING_OPTIONS_START,
  valuesInWords,
  withCliFlags,
  withFormattingOptions,
} from '../../scripts/option-docs';

const read = (file: string) => readFileSync(path.resolve(__dirname, '../..', file), 'utf8');

describe('the README tables written from the option table', () => {
  it("are README.md's formatting options exactly (run `npm run docs:examples` after editing the table)", () => {
    const readme = read('README.md');
    expect(readme.split(FORMATTING_OPTIONS_START).length).toBe(2);
    expect(readme.split(FORMATTING_OPTIONS_END).length).toBe(2);
    expect(withFormattingOptions(readme)).toBe(readme);
  });

  it("are packages/cli/README.md's converter flags exactly", () => {
    const readme = read('packages/cli/README.md');
    expect(readme.split(CLI_FLAGS_START).length).toBe(2);
    expect(readme.split(CLI_FLAGS_END).length).toBe(2);
    expect(withCliFlags(readme)).toBe(readme);
    for (const name of OPTION_NAMES) expect(readme).toContain(`| \`${name}\` |`);
  });

  it('list every formatting option with its values in words', () => {
    const readme = read('README.md');
    for (const name of FORMATTING_OPTIONS) expect(readme).toContain(`| \`${name}\` | ${valuesInWords(name).replaceAll('|', '\\|')} |`);
    expect(valuesInWords('indent')).toBe('`2` (default), `4`');
    expect(valuesInWords('sortKeys')).toBe('`false` (default), `true`');
    expect(valuesInWords('lineWidth')).toBe('integer >= 20, or absent');
  });

  it('notice an edit made in README instead of the table', () => {
    const readme = read('README.md');
    const edited = readme.replace('| `indent` | `2` (default), `4` |', '| `indent` | `2` (default), `4`, `8` |');
    expect(edited).not.toBe(readme);
    expect(withFormattingOptions(edited)).toBe(readme);
  });
});
