/**
 * The `portable` option: true (the default) writes YAML that YAML 1.1 and 1.2 readers read back
 * alike, today's output byte for byte; false writes plain the strings only YAML 1.1 readers read as
 * something else, which YAML 1.2 readers read back unchanged.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { type ConvertRequest, convert } from '../../lib/converter';
import { conversionError } from '../helpers/conversion-error';
import { fuzzSeed } from '../helpers/fuzz-seed';

type Options = Omit<ConvertRequest, 'input' | 'inputType' | 'outputType'>;

const toYaml = (value: unknown, options: Options = {}) =>
  convert({ input: JSON.stringify(value), inputType: 'json', outputType: 'yaml', ...options });

describe('portable: false', () => {
  it("writes GitHub Actions' `on:` as `on:`, where the default quotes it for YAML 1.1 readers", () => {
    const workflow = { name: 'ci', on: { push: { branches: ['main'] } }, jobs: { test: { 'runs-on': 'ubuntu-latest', if: 'yes' } } };
    expect(toYaml(workflow).output).toBe(
      'name: ci\n"on":\n  push:\n    branches:\n      - main\njobs:\n  test:\n    runs-on: ubuntu-latest\n    if: "yes"\n',
    );
    expect(toYaml(workflow, { portable: false }).output).toBe(
      'name: ci\non:\n  push:\n    branches:\n      - main\njobs:\n  test:\n    runs-on: ubuntu-latest\n    if: yes\n',
    );
  });

  it.each([
    // Only YAML 1.1 reads these as something else (booleans, sexagesimal, timestamps, binary, separators, the value key).
    ['on', 'on'],
    ['Off', 'Off'],
    ['YES', 'YES'],
    ['n', 'n'],
    ['Y', 'Y'],
    ['1:30', '1:30'],
    ['190:20:30.15', '190:20:30.15'],
    ['2001-12-14', '2001-12-14'],
    ['2001-12-14 21:59:43.10 -5', '2001-12-14 21:59:43.10 -5'],
    ['0b1010', '0b1010'],
    ['1_000', '1_000'],
    ['-0x1F', '-0x1F'],
    ['e1', 'e1'],
    ['.iNf', '.iNf'],
    ['=', '='],
    // YAML 1.2 reads these as something else too: still quoted.
    ['true', '"true"'],
    ['False', '"False"'],
    ['null', '"null"'],
    ['~', '"~"'],
    ['1.0', '"1.0"'],
    ['.5', '".5"'],
    ['1e3', '"1e3"'],
    ['0x1F', '"0x1F"'],
    ['0o17', '"0o17"'],
    ['0755', '"0755"'],
    ['+12', '"+12"'],
    ['.inf', '".inf"'],
    ['-.Inf', '"-.Inf"'],
    ['.NaN', '".NaN"'],
    // Quoted for their shape, whatever the version (and `<<`, a merge key to readers that apply them).
    ['<<', '"<<"'],
    ['', '""'],
    ['-', '"-"'],
    ['---', '"---"'],
    ['...', '"..."'],
    ['a: b', '"a: b"'],
    ['a #b', '"a #b"'],
    [' a', '" a"'],
    ['x\u2028y', '"x\\u2028y"'],
  ])('%j is written %s, as a value and as a key', (text, written) => {
    expect(toYaml([text], { portable: false }).output).toBe(`- ${written}\n`);
    expect(toYaml({ [text]: 1 }, { portable: false }).output).toBe(`${written}: 1\n`);
    expect(parseYaml(`- ${written}\n`, { version: '1.2' })).toStrictEqual([text]);
  });

  it('re-emits YAML as written where YAML 1.2 reads it the same: YAML -> YAML, and in flow style', () => {
    const input = 'on:\n  push: {}\nenabled: yes\ntime: 1:30\ncount: "0755"\n';
    expect(convert({ input, inputType: 'yaml', outputType: 'yaml' }).output).toBe('"on":\n  push: {}\nenabled: "yes"\ntime: "1:30"\ncount: "0755"\n');
    expect(convert({ input, inputType: 'yaml', outputType: 'yaml', portable: false }).output).toBe(
      'on:\n  push: {}\nenabled: yes\ntime: 1:30\ncount: "0755"\n',
    );
    // In flow style a `:` in a plain scalar still takes quotes, as with the default.
    expect(convert({ input, inputType: 'yaml', outputType: 'yaml', portable: false, flowLevel: 0 }).output).toBe(
      '{on: {push: {}}, enabled: yes, time: "1:30", count: "0755"}\n',
    );
  });

  it('keeps the other quote styles: values in their quotes, keys plain where YAML 1.2 allows', () => {
    expect(toYaml({ on: 'yes', off: 'text' }, { portable: false, quoteStyle: 'single' }).output).toBe("on: 'yes'\noff: 'text'\n");
    expect(toYaml({ on: 'yes' }, { quoteStyle: 'single' }).output).toBe("'on': 'yes'\n");
  });

  it('answers the same on the single-pass paths and the reference path (it leaves the single-pass ones)', () => {
    const input = '{"on": ["yes", "no", "1:30"]}';
    const request = { input, inputType: 'json', outputType: 'yaml', portable: false };
    expect(convert(request).output).toBe('on:\n  - yes\n  - no\n  - 1:30\n');
    expect(convert(request, { fastJson: false, fastYaml: false }).output).toBe(convert(request).output);
  });

  it('is ignored for JSON output, with a warning', () => {
    const result = convert({ input: 'on: yes', inputType: 'yaml', outputType: 'json', portable: false });
    expect(result.output).toBe('{\n  "on": "yes"\n}\n');
    expect(result.warnings).toStrictEqual(['portable applies to YAML output only; ignored for JSON output.']);
  });

  it('refuses anything but true or false, in the API’s words', () => {
    const err = conversionError(() => convert({ input: 'a: 1', inputType: 'yaml', outputType: 'yaml', portable: 'no' as never }));
    expect(err.code).toBe('bad_request');
    expect(err.message).toBe('Field "portable" cannot be "no"; accepted: true or false.');
  });
});

describe('portable: true (the default)', () => {
  const WORDS = ['on', 'yes', 'No', 'y', 'true', 'null', '~', '1.0', '0x1F', '0755', '1:30', '2001-12-14', '.5', '<<', '=', 'e1', 'text', ''];
  const word = fc.constantFrom(...WORDS);
  const { value: jsonArb } = fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small' },
      word,
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.array(tie('value'), { maxLength: 4 }),
      fc.dictionary(word, tie('value'), { maxKeys: 4 }),
    ),
  }));

  it('given or absent, is byte for byte the output the single-pass path writes (today’s)', () => {
    fc.assert(
      fc.property(jsonArb, (value) => {
        const input = JSON.stringify(value);
        const today = convert({ input, inputType: 'json', outputType: 'yaml' }).output;
        expect(convert({ input, inputType: 'json', outputType: 'yaml', portable: true }).output).toBe(today);
        expect(convert({ input, inputType: 'json', outputType: 'yaml', portable: true }, { fastJson: false }).output).toBe(today);
        expect(convert({ input: today, inputType: 'yaml', outputType: 'yaml', portable: true }).output).toBe(today);
      }),
      { numRuns: 300, seed: fuzzSeed(5656) },
    );
  });
});
