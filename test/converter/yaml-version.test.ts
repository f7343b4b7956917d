/**
 * The yamlVersion option: a table of plain scalars with their YAML 1.1 reading (PyYAML's, the
 * reference 1.1 reader) and their 1.2 core reading, through convert on the fast reader and on
 * the reference path (which must agree), validate, directives against the option, duplicate
 * keys, and JSON -> YAML output read back by the 1.1 reader.
 *
 * PyYAML's implicit resolvers (yaml/resolver.py, 6.0), which the 1.1 column follows:
 *   bool   ^(?:yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF)$
 *   float  ^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?
 *            |\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?
 *            |[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*
 *            |[-+]?\.(?:inf|Inf|INF)
 *            |\.(?:nan|NaN|NAN))$
 *   int    ^(?:[-+]?0b[0-1_]+
 *            |[-+]?0[0-7_]+
 *            |[-+]?(?:0|[1-9][0-9_]*)
 *            |[-+]?0x[0-9a-fA-F_]+
 *            |[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+)$
 *   null   ^(?: ~ |null|Null|NULL | )$
 *   (timestamps: kept as strings here in both versions; merge `<<`: applied in both)
 * test/differential/yaml11-pyyaml.test.ts checks the same readings against PyYAML itself.
 */
import { describe, expect, it } from 'vitest';
import { ConversionError, convert, validate, type YamlVersion } from '@/lib/converter';

/** [plain scalar, JSON text under 1.1, JSON text under 1.2 (today's reading)] */
const TABLE: Array<[string, string, string]> = [
  // booleans: PyYAML's exact words and case forms; y/n are not in its pattern
  ['yes', 'true', '"yes"'],
  ['Yes', 'true', '"Yes"'],
  ['YES', 'true', '"YES"'],
  ['yEs', '"yEs"', '"yEs"'],
  ['no', 'false', '"no"'],
  ['No', 'false', '"No"'],
  ['NO', 'false', '"NO"'],
  ['on', 'true', '"on"'],
  ['On', 'true', '"On"'],
  ['ON', 'true', '"ON"'],
  ['oN', '"oN"', '"oN"'],
  ['off', 'false', '"off"'],
  ['Off', 'false', '"Off"'],
  ['OFF', 'false', '"OFF"'],
  ['y', '"y"', '"y"'],
  ['Y', '"Y"', '"Y"'],
  ['n', '"n"', '"n"'],
  ['N', '"N"', '"N"'],
  ['true', 'true', 'true'],
  ['TRUE', 'true', 'true'],
  ['tRUE', '"tRUE"', '"tRUE"'],
  ['False', 'false', 'false'],
  // null
  ['~', 'null', 'null'],
  ['null', 'null', 'null'],
  ['NULL', 'null', 'null'],
  ['nULL', '"nULL"', '"nULL"'],
  // integers: octal with a leading 0, binary, hex with a sign, `_` separators, sexagesimal
  ['0755', '493', '755'],
  ['017', '15', '17'],
  ['0o17', '"0o17"', '15'],
  ['08', '"08"', '8'],
  ['00', '0', '0'],
  ['0_', '0', '"0_"'],
  ['07_7', '63', '"07_7"'],
  ['0b1010', '10', '"0b1010"'],
  ['-0b101', '-5', '"-0b101"'],
  ['0b_', '"0b_"', '"0b_"'], // PyYAML's int() fails on no digits: kept as text
  ['0x1F', '31', '31'],
  ['0x_1F', '31', '"0x_1F"'],
  ['+0x1F', '31', '"+0x1F"'],
  ['-0x1F', '-31', '"-0x1F"'],
  ['0x_', '"0x_"', '"0x_"'],
  ['1_000', '1000', '"1_000"'],
  ['1__0', '10', '"1__0"'],
  ['+12', '12', '12'],
  ['-0', '0', '-0'],
  ['12345678901234567890', '12345678901234567890', '12345678901234567890'],
  ['1:30', '90', '"1:30"'],
  ['-1:30', '-90', '"-1:30"'],
  ['190:20:30', '685230', '"190:20:30"'],
  ['1_0:30', '630', '"1_0:30"'],
  ['1:60', '"1:60"', '"1:60"'],
  ['0:30', '"0:30"', '"0:30"'],
  // floats: the exponent needs a sign and a dot; no sign before a leading dot
  ['190:20:30.15', '685230.15', '"190:20:30.15"'],
  ['0:30.5', '30.5', '"0:30.5"'],
  ['1:30.0', '90.0', '"1:30.0"'],
  ['-1:30.5_5', '-90.55', '"-1:30.5_5"'],
  ['1.5', '1.5', '1.5'],
  ['1.', '1.0', '1.0'],
  ['.5', '0.5', '0.5'],
  ['-.5', '"-.5"', '-0.5'],
  ['+.5', '"+.5"', '0.5'],
  ['1_000.5', '1000.5', '"1_000.5"'],
  ['1._', '1.0', '"1._"'],
  ['1e3', '"1e3"', '1e3'],
  ['1.0e3', '"1.0e3"', '1.0e3'],
  ['1e+3', '"1e+3"', '1e+3'],
  ['1.0e+3', '1.0e+3', '1.0e+3'],
  ['1.5E-3', '1.5E-3', '1.5E-3'],
  ['-0.0', '-0.0', '-0.0'],
  ['1.2.3', '"1.2.3"', '"1.2.3"'],
  ['._5', '"._5"', '"._5"'],
  // .inf and .nan: the same forms in both (strings with a warning in JSON)
  ['.inf', '".inf"', '".inf"'],
  ['-.Inf', '"-.inf"', '"-.inf"'],
  ['+.INF', '".inf"', '".inf"'],
  ['.NaN', '".nan"', '".nan"'],
  ['-.nan', '"-.nan"', '"-.nan"'],
  // timestamps stay strings; `=` (PyYAML's value tag, which its SafeLoader cannot construct) too
  ['2001-12-14', '"2001-12-14"', '"2001-12-14"'],
  ['2001-12-14t21:59:43.10-05:00', '"2001-12-14t21:59:43.10-05:00"', '"2001-12-14t21:59:43.10-05:00"'],
  ['=', '"="', '"="'],
  ['Norway', '"Norway"', '"Norway"'],
];

const SPECIAL = new Set(['.inf', '-.Inf', '+.INF', '.NaN']);

function toJson(input: string, yamlVersion: YamlVersion | undefined, fastYaml: boolean) {
  const request = { input, inputType: 'yaml', outputType: 'json', ...(yamlVersion ? { yamlVersion } : {}) };
  return convert(request, { fastYaml });
}

describe('yamlVersion: the table of scalars', () => {
  it.each(TABLE)('%s reads as %s under 1.1 and %s under 1.2, on the fast reader and the reference path', (scalar, as11, as12) => {
    const input = `a: ${scalar}\nb: [${scalar}]\nc:\n  - &x ${scalar}\n  - *x\n`;
    const expected = (json: string) => `{\n  "a": ${json},\n  "b": [\n    ${json}\n  ],\n  "c": [\n    ${json},\n    ${json}\n  ]\n}\n`;
    for (const fastYaml of [true, false]) {
      const r11 = toJson(input, '1.1', fastYaml);
      expect(r11.output, `1.1, fastYaml ${fastYaml}`).toBe(expected(as11));
      expect(toJson(input, '1.2', fastYaml).output, `1.2, fastYaml ${fastYaml}`).toBe(expected(as12));
      expect(toJson(input, undefined, fastYaml).output, `default, fastYaml ${fastYaml}`).toBe(expected(as12));
      expect(r11.warnings.length, 'a warning per .inf/.nan written (the alias repeats the anchored one)').toBe(SPECIAL.has(scalar) ? 3 : 0);
    }
  });

  it('the fast reader answers 1.1 documents itself (it does not hand them all over)', async () => {
    const { fastYamlToJsonOrBail, Bail } = await import('@/lib/converter/yaml/fast');
    const input = TABLE.map(([s], i) => `k${i}: ${s}`).join('\n');
    const r = fastYamlToJsonOrBail(input, '1.1');
    expect(r instanceof Bail ? r.reason : 'answered').toBe('answered');
    expect(r instanceof Bail ? '' : r.output).toBe(
      convert({ input, inputType: 'yaml', outputType: 'json', yamlVersion: '1.1' }, { fastYaml: false }).output,
    );
  });

  it('types keys by the version too (non-string keys become their JSON text)', () => {
    const input = 'on: push\n0755: mode\n1:30: t\n';
    for (const fastYaml of [true, false]) {
      expect(toJson(input, '1.1', fastYaml).output).toBe('{\n  "true": "push",\n  "493": "mode",\n  "90": "t"\n}\n');
      expect(toJson(input, '1.2', fastYaml).output).toBe('{\n  "on": "push",\n  "755": "mode",\n  "1:30": "t"\n}\n');
    }
  });

  it('reads YAML -> YAML and YAML -> JSONC (the IR readers) by the version', () => {
    for (const fastYaml of [true, false]) {
      const yaml = convert(
        { input: 'a: yes # c\nb: 0755\n', inputType: 'yaml', outputType: 'yaml', yamlVersion: '1.1', preserveComments: true },
        { fastYaml },
      );
      expect(yaml.output).toBe('a: true # c\nb: 493\n');
      const jsonc = convert(
        { input: 'a: off # c\n', inputType: 'yaml', outputType: 'json', yamlVersion: '1.1', preserveComments: true },
        { fastYaml },
      );
      expect(jsonc.output).toBe('{\n  "a": false // c\n}\n');
    }
  });

  it('applies merge keys under 1.1 as under 1.2', () => {
    const input = 'base: &b\n  on: 1\n  x: 0755\nc:\n  <<: *b\n  x: 2\n';
    for (const fastYaml of [true, false]) {
      expect(JSON.parse(toJson(input, '1.1', fastYaml).output)).toStrictEqual({ base: { true: 1, x: 493 }, c: { true: 1, x: 2 } });
    }
  });
});

describe('yamlVersion and %YAML directives', () => {
  const bothPaths = (input: string, yamlVersion?: YamlVersion) => {
    const answers = [true, false].map((fastYaml) => toJson(input, yamlVersion, fastYaml).output);
    expect(answers[0]).toBe(answers[1]);
    return JSON.parse(answers[0]!);
  };

  it('a %YAML 1.2 directive wins over yamlVersion 1.1, for its own document only', () => {
    expect(bothPaths('%YAML 1.2\n---\na: yes\n---\nb: yes\n', '1.1')).toStrictEqual([{ a: 'yes' }, { b: true }]);
  });

  it('a %YAML 1.1 directive switches its own document only (the next one reads as the option says)', () => {
    expect(bothPaths('%YAML 1.1\n---\na: yes\n---\nb: yes\n')).toStrictEqual([{ a: true }, { b: 'yes' }]);
    expect(bothPaths('%YAML 1.1\n---\na: yes\n---\nb: yes\n', '1.1')).toStrictEqual([{ a: true }, { b: true }]);
    expect(bothPaths('a: yes\n---\nb: 0755\n', '1.1')).toStrictEqual([{ a: true }, { b: 493 }]);
  });
});

describe('yamlVersion: duplicate keys compare keys as the version types them', () => {
  const verdict = (input: string, yamlVersion?: YamlVersion) => validate({ input, type: 'yaml', ...(yamlVersion ? { yamlVersion } : {}) });

  it.each([
    ['on: push\nyes: 1\n', 2],
    ['No: 1\noff: 2\n', 2],
    ['90: a\n1:30: b\n', 2],
    ['a: 1\n0755: x\n493: y\n', 3],
    ['%YAML 1.1\n---\non: a\nON: b\n', 4],
  ])('%j is a duplicate under 1.1 only', (input, line) => {
    expect(verdict(input, '1.1')).toStrictEqual({
      success: true,
      valid: false,
      errors: [{ message: expect.any(String), line, column: 1, code: 'DUPLICATE_KEY' }],
    });
    if (!input.startsWith('%')) expect(verdict(input)).toStrictEqual({ success: true, valid: true, errors: [] });
    expect(() => convert({ input, inputType: 'yaml', outputType: 'json', yamlVersion: '1.1' })).toThrow(ConversionError);
  });

  it('y, n and yes are different keys under 1.1 (PyYAML: y and n are strings), and two << are not duplicates', () => {
    expect(verdict('y: 1\nn: 2\nyes: 3\n', '1.1').valid).toBe(true);
    expect(verdict('%YAML 1.1\n---\ny: 1\nyes: 3\n').valid).toBe(true);
    expect(verdict('a: &a {x: 1}\nb: &b {y: 1}\nc:\n  <<: *a\n  <<: *b\n', '1.1')).toStrictEqual(
      verdict('a: &a {x: 1}\nb: &b {y: 1}\nc:\n  <<: *a\n  <<: *b\n'),
    );
  });
});

describe('yamlVersion: requests', () => {
  it.each([
    ['1.3', '"1.3"'],
    [1.1, 'the number 1.1 (send it as a string)'],
    [null, 'null'],
    ['', '""'],
  ])("refuses yamlVersion %j with bad_request, in the API's words", (yamlVersion, shown) => {
    const run = () => convert({ input: 'a: 1', inputType: 'yaml', outputType: 'json', yamlVersion: yamlVersion as YamlVersion });
    const message = `Field "yamlVersion" must be "1.1" or "1.2", not ${shown}.`;
    expect(run).toThrow(expect.objectContaining({ code: 'bad_request', message }));
    expect(() => validate({ input: 'a: 1', type: 'yaml', yamlVersion: yamlVersion as YamlVersion })).toThrow(
      expect.objectContaining({ code: 'bad_request' }),
    );
  });

  it('ignores it for JSON input', () => {
    expect(convert({ input: '{"a": "yes", "b": "0755"}', inputType: 'json', outputType: 'yaml', yamlVersion: '1.1' }).output).toBe(
      'a: "yes"\nb: "0755"\n',
    );
    expect(validate({ input: '{"a": 1}', type: 'json', yamlVersion: '1.1' }).valid).toBe(true);
  });
});

describe('JSON -> YAML output reads back as the same data with the 1.1 reader', () => {
  it('quotes every string 1.1 would type, so yamlVersion 1.1 gives the strings back', () => {
    const strings = [...TABLE.map(([s]) => s), '', ' ', 'yes ', 'Off', '0b_', '1:3:4', '0_1', '+0', '1__', '.', '-', ':', '1:', ':30', '0x', '<<'];
    const json = JSON.stringify(Object.fromEntries(strings.map((s, i) => [`k${i}`, s])));
    const yaml = convert({ input: json, inputType: 'json', outputType: 'yaml' }).output;
    for (const fastYaml of [true, false]) {
      const back = convert({ input: yaml, inputType: 'yaml', outputType: 'json', yamlVersion: '1.1' }, { fastYaml }).output;
      expect(JSON.parse(back)).toStrictEqual(JSON.parse(json));
    }
  });

  it('writes numbers that 1.1 reads as the same numbers', () => {
    // (Not -0: PyYAML reads the integer -0 as 0, as Python's json module reads JSON's -0.)
    const json = '{"a": 1e3, "b": 0.5, "c": -0.5, "d": 12345678901234567890, "e": 1.5E-3, "f": 493, "g": -0.0}';
    const yaml = convert({ input: json, inputType: 'json', outputType: 'yaml' }).output;
    const back = convert({ input: yaml, inputType: 'yaml', outputType: 'json', yamlVersion: '1.1' }).output;
    const values = (text: string) => Object.values(JSON.parse(text) as Record<string, number>).map(Number);
    expect(values(back)).toStrictEqual(values(json));
  });
});
