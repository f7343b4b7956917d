/** JSON Schema validation (lib/schema): every violation with the place of its node in the YAML or JSON text. */
import Ajv2020 from 'ajv/dist/2020';
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { ConversionError, validate, type ValidationIssue } from '@/lib/converter';
import { clearSchemaCache, schemaCacheStats, validateDocument } from '@/lib/schema';
import { MAX_SCHEMA_CHARS, MAX_SCHEMA_DEPTH, MAX_SCHEMA_NODES, SCHEMA_CACHE_ENTRIES } from '@/lib/schema/limits';
import { linearRegExp } from '@/lib/schema/patterns';
import { uniqueItemsKeyword } from '@/lib/schema/unique-items';
import { fuzzSeed } from '../helpers/fuzz-seed';

const DEPLOYMENT = {
  type: 'object',
  required: ['name', 'spec'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', pattern: '^[a-z][a-z0-9-]*$' },
    replicas: { type: 'integer', minimum: 1 },
    spec: {
      type: 'object',
      required: ['image'],
      properties: { image: { type: 'string' }, pull: { enum: ['Always', 'Never'] }, owner: { type: 'string', format: 'email' } },
    },
    ports: { type: 'array', items: { type: 'integer', maximum: 65535 } },
  },
};

/** The errors of a check, without messages (asserted separately where they matter). */
function errorsOf(input: string, schema: unknown = DEPLOYMENT, type = 'yaml'): Array<Omit<ValidationIssue, 'message'>> {
  const result = validateDocument({ input, type, schema });
  expect(result.valid).toBe(result.errors.length === 0);
  return result.errors.map(({ message: _message, ...rest }) => rest);
}

/** Where each violation is: `code path @line:column`. */
function places(input: string, schema: unknown = DEPLOYMENT, type = 'yaml'): string[] {
  return errorsOf(input, schema, type).map(
    (e) => `${e.code} ${e.path} @${e.line}:${e.column}${e.document !== undefined ? ` doc ${e.document}` : ''}`,
  );
}

function refusal(schema: unknown): string {
  try {
    validateDocument({ input: 'a: 1\n', type: 'yaml', schema });
  } catch (err) {
    expect(err).toBeInstanceOf(ConversionError);
    expect((err as ConversionError).code).toBe('bad_request');
    return (err as ConversionError).message;
  }
  throw new Error('the schema was accepted');
}

beforeEach(() => clearSchemaCache());

describe('places in YAML', () => {
  it('puts a wrong value at the value, a missing property at its object key, an extra one at its key', () => {
    const input = 'name: web\nreplicas: 0\nspec:\n  pull: Sometimes\nextra: 1\n';
    expect(places(input)).toStrictEqual([
      'SCHEMA_RANGE /replicas @2:11',
      'SCHEMA_REQUIRED /spec/image @3:1',
      'SCHEMA_ENUM /spec/pull @4:9',
      'SCHEMA_ADDITIONAL_PROPERTY /extra @5:1',
    ]);
  });

  it('puts a missing property of the whole document at its first node', () => {
    expect(places('# a comment\n\nname: web\n')).toStrictEqual(['SCHEMA_REQUIRED /spec @3:1']);
  });

  it('finds nodes in flow collections and sequences', () => {
    expect(places('name: web\nspec: {image: 3, owner: nobody}\nports: [80, 70000, "x"]\n')).toStrictEqual([
      'SCHEMA_TYPE /spec/image @2:15',
      'SCHEMA_FORMAT /spec/owner @2:25',
      'SCHEMA_RANGE /ports/1 @3:13',
      'SCHEMA_TYPE /ports/2 @3:20',
    ]);
    expect(places('name: web\nspec:\n  image: x\nports:\n  - 80\n  - http\n')).toStrictEqual(['SCHEMA_TYPE /ports/1 @6:5']);
  });

  it('checks each document of a stream on its own and says which', () => {
    const input = '---\nname: a\nspec: {image: x}\n---\nname: B\n---\nname: c\nspec: {image: x}\n';
    expect(places(input)).toStrictEqual(['SCHEMA_REQUIRED /spec @5:1 doc 1', 'SCHEMA_PATTERN /name @5:7 doc 1']);
  });

  it('places a violation inside an alias at the alias, and a merged property at its <<', () => {
    const input = 'x-base: &base {image: 3}\nname: web\nspec: *base\n';
    // x-base is an extra property (at its key); /spec/image comes from the alias on line 3.
    expect(places(input)).toStrictEqual(['SCHEMA_ADDITIONAL_PROPERTY /x-base @1:1', 'SCHEMA_TYPE /spec/image @3:7']);
    const schema = { type: 'object', properties: { spec: { type: 'object', properties: { image: { type: 'string' }, pull: { type: 'string' } } } } };
    const merged = 'base: &base {image: 3, pull: 4}\nspec:\n  <<: *base\n  pull: 5\n';
    // image comes from the merge (reported at `<<`); pull is given again, explicitly, on line 4.
    expect(places(merged, schema)).toStrictEqual(['SCHEMA_TYPE /spec/image @3:3', 'SCHEMA_TYPE /spec/pull @4:9']);
  });

  it('reads keys as the converter writes them: typed plain keys, quoted keys, pointer escapes', () => {
    const schema = { type: 'object', additionalProperties: { type: 'string' } };
    expect(places('1: a\ntrue: b\n"a/b": 3\n~: 4\n', schema)).toStrictEqual(['SCHEMA_TYPE /a~1b @3:8', 'SCHEMA_TYPE /null @4:4']);
  });

  it('places nodes of YAML the single-pass reader leaves to the reference path (tags, directives) the same way', () => {
    const plain = 'name: web\nreplicas: 0\nspec:\n  image: 3\n';
    const tagged = '%YAML 1.2\n---\nname: !!str web\nreplicas: 0\nspec:\n  image: 3\n';
    expect(places(plain)).toStrictEqual(['SCHEMA_RANGE /replicas @2:11', 'SCHEMA_TYPE /spec/image @4:10']);
    expect(places(tagged)).toStrictEqual(['SCHEMA_RANGE /replicas @4:11', 'SCHEMA_TYPE /spec/image @6:10']);
  });

  it('reports syntax errors first and then runs no schema check', () => {
    const result = validateDocument({ input: 'name: [web\n', type: 'yaml', schema: DEPLOYMENT });
    expect(result.valid).toBe(false);
    expect(result.errors.map((e) => e.code)).toStrictEqual(validate({ input: 'name: [web\n', type: 'yaml' }).errors.map((e) => e.code));
    expect(result.errors.some((e) => e.code.startsWith('SCHEMA_'))).toBe(false);
  });

  it('reads the document as yamlVersion says: under 1.1 `yes` is a boolean, under 1.2 a string', () => {
    const schema = { type: 'object', properties: { enabled: { type: 'boolean' } } };
    // The second has a set, a tag the single-pass reader leaves to the reference path.
    for (const input of ['enabled: yes\n', 'enabled: yes\nlist: !!set {a}\n']) {
      expect(validateDocument({ input, type: 'yaml', schema, yamlVersion: '1.1' }).valid).toBe(true);
      const v12 = validateDocument({ input, type: 'yaml', schema });
      expect(v12.errors.map((e) => [e.code, e.path, e.line, e.column])).toStrictEqual([['SCHEMA_TYPE', '/enabled', 1, 10]]);
    }
  });

  it('checks an empty stream as null', () => {
    expect(places('', { type: 'object' })).toStrictEqual(['SCHEMA_TYPE  @1:1']);
    expect(places('', { type: 'null' })).toStrictEqual([]);
  });
});

describe('places in JSON and JSONC', () => {
  it('finds values, keys and objects in JSON', () => {
    const input = '{\n  "name": "Web",\n  "spec": {"pull": "x"},\n  "extra": true\n}';
    expect(places(input, DEPLOYMENT, 'json')).toStrictEqual([
      'SCHEMA_PATTERN /name @2:11',
      'SCHEMA_REQUIRED /spec/image @3:3',
      'SCHEMA_ENUM /spec/pull @3:20',
      'SCHEMA_ADDITIONAL_PROPERTY /extra @4:3',
    ]);
  });

  it('skips comments and trailing commas in JSONC, and reads escaped keys', () => {
    const input = '{\n  // the name\n  "name": /* here */ 7,\n  "spec": {"image": "x",},\n  "ports": [1, 2, /* bad */ -3, 99999,],\n}';
    expect(places(input, DEPLOYMENT, 'jsonc')).toStrictEqual(['SCHEMA_TYPE /name @3:22', 'SCHEMA_RANGE /ports/3 @5:33']);
    const schema = { type: 'object', additionalProperties: { type: 'string' } };
    expect(places('{"a\\"b": 1, "x~y": "ok", "\\u0041": 2}', schema, 'json')).toStrictEqual(['SCHEMA_TYPE /a"b @1:10', 'SCHEMA_TYPE /A @1:36']);
  });

  it('checks the values convert reads: the last of equal keys, exact JSON numbers as doubles', () => {
    const schema = { properties: { a: { type: 'string' }, n: { maximum: 1e20 } } };
    expect(places('{"a": 1, "a": "x", "n": 12345678901234567890}', schema, 'json')).toStrictEqual([]);
    expect(places('{"a": 1, "a": "x", "n": 123456789012345678901}', schema, 'jsonc')).toStrictEqual(['SCHEMA_RANGE /n @1:25']);
  });

  it('treats a __proto__ key as data', () => {
    expect(places('{"__proto__": {"x": 1}}', { type: 'object', additionalProperties: false }, 'json')).toStrictEqual([
      'SCHEMA_ADDITIONAL_PROPERTY /__proto__ @1:2',
    ]);
  });

  it('refuses a document nested deeper than convert allows', () => {
    for (const type of ['json', 'jsonc']) {
      expect(() => validateDocument({ input: `{"a": "[[[", "b": ${'['.repeat(300)}${']'.repeat(300)}}`, type, schema: {} })).toThrow(
        'The input nests 301 levels deep; the limit is 256.',
      );
    }
    expect(validateDocument({ input: `{"a": "\\"[[[", "b": ${'['.repeat(255)}${']'.repeat(255)}}`, type: 'json', schema: {} }).valid).toBe(true);
  });

  it('reads strict JSON exactly as validate does: a byte order mark, errors', () => {
    for (const input of ['\ufeff{"a": 1}', '{"a": 1,}', '{"a": 1} x', '']) {
      const plain = validate({ input, type: 'json' });
      expect(validateDocument({ input, type: 'json', schema: { properties: { a: { type: 'integer' } } } }), JSON.stringify(input)).toStrictEqual(
        plain,
      );
    }
    expect(places('\ufeff{"a": "x"}', { properties: { a: { type: 'integer' } } }, 'json')).toStrictEqual(['SCHEMA_TYPE /a @1:8']);
  });
});

describe('keywords and messages', () => {
  it.each([
    ['type', { type: 'string' }, '5', 'SCHEMA_TYPE', 'The document must be string.'],
    ['required', { required: ['a'] }, 'b: 1', 'SCHEMA_REQUIRED', 'The document must have the property "a".'],
    [
      'additionalProperties',
      { additionalProperties: false },
      'b: 1',
      'SCHEMA_ADDITIONAL_PROPERTY',
      'The document has the property "b", which the schema does not allow.',
    ],
    ['enum', { enum: ['x', 'y'] }, 'z', 'SCHEMA_ENUM', 'The document must be one of "x", "y".'],
    ['const', { const: 3 }, '4', 'SCHEMA_ENUM', 'The document must be 3.'],
    ['pattern', { pattern: '^a' }, 'b', 'SCHEMA_PATTERN', 'The document must match pattern "^a".'],
    ['minimum', { minimum: 2 }, '1', 'SCHEMA_RANGE', 'The document must be >= 2.'],
    ['maxLength', { maxLength: 2 }, 'abc', 'SCHEMA_LENGTH', 'The document must NOT have more than 2 characters.'],
    ['items', { items: { type: 'integer' } }, '[1, x]', 'SCHEMA_TYPE', '/1 must be integer.'],
    ['minItems', { minItems: 3 }, '[1]', 'SCHEMA_ITEMS', 'The document must NOT have fewer than 3 items.'],
    ['format', { format: 'date-time' }, 'yesterday', 'SCHEMA_FORMAT', 'The document must match format "date-time".'],
    ['maxProperties', { maxProperties: 1 }, '{a: 1, b: 2}', 'SCHEMA_PROPERTIES', 'The document must NOT have more than 1 properties.'],
    ['not', { not: { type: 'string' } }, 'a', 'SCHEMA_COMBINATOR', 'The document must NOT be valid.'],
    ['false schema', { properties: { a: false } }, 'a: 1', 'SCHEMA_VIOLATION', '/a boolean schema is false.'],
  ])('%s', (_name, schema, input, code, message) => {
    const result = validateDocument({ input, type: 'yaml', schema });
    expect(result.valid).toBe(false);
    expect(result.errors[0]).toMatchObject({ code, message });
  });

  it('gives the keyword and where it is in the schema', () => {
    const [error] = validateDocument({ input: 'spec: {image: 1}\nname: a\n', type: 'yaml', schema: DEPLOYMENT }).errors;
    expect(error).toStrictEqual({
      message: '/spec/image must be string.',
      line: 1,
      column: 15,
      code: 'SCHEMA_TYPE',
      path: '/spec/image',
      keyword: 'type',
      schemaPath: '#/properties/spec/properties/image/type',
    });
  });

  it('cuts at 100 violations', () => {
    const input = `[${Array.from({ length: 300 }, () => '"x"').join(', ')}]`;
    expect(validateDocument({ input, type: 'json', schema: { items: { type: 'integer' } } }).errors).toHaveLength(100);
  });

  it('passes a valid document, and without a schema answers exactly what validate does', () => {
    expect(validateDocument({ input: 'name: web\nspec: {image: nginx}\n', type: 'yaml', schema: DEPLOYMENT })).toStrictEqual({
      success: true,
      valid: true,
      errors: [],
    });
    for (const input of ['a: 1\na: 2\n', 'a: 1\n', '{'])
      expect(validateDocument({ input, type: 'yaml' })).toStrictEqual(validate({ input, type: 'yaml' }));
  });
});

describe('drafts', () => {
  it('reads 2020-12 by default: $defs, prefixItems, dependentRequired, unevaluatedProperties', () => {
    const schema = {
      $defs: { port: { type: 'integer' } },
      type: 'object',
      properties: { pair: { prefixItems: [{ $ref: '#/$defs/port' }, { type: 'string' }], items: false } },
      dependentRequired: { tls: ['cert'] },
      unevaluatedProperties: false,
    };
    expect(places('pair: [x, y, z]\ntls: true\n', schema)).toStrictEqual([
      'SCHEMA_ITEMS /pair @1:7',
      'SCHEMA_TYPE /pair/0 @1:8',
      // cert is required because tls is there: placed at tls.
      'SCHEMA_REQUIRED /cert @2:1',
      'SCHEMA_ADDITIONAL_PROPERTY /tls @2:1',
    ]);
  });

  it('reads draft-07 when $schema says so: definitions, items as a list, additionalItems, dependencies', () => {
    const schema = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      definitions: { port: { type: 'integer' } },
      properties: { pair: { items: [{ $ref: '#/definitions/port' }], additionalItems: false } },
      dependencies: { tls: ['cert'] },
    };
    expect(places('pair: [x, y]\ntls: true\n', schema)).toStrictEqual([
      'SCHEMA_ITEMS /pair @1:7',
      'SCHEMA_TYPE /pair/0 @1:8',
      'SCHEMA_REQUIRED /cert @2:1',
    ]);
    // The same schema read as 2020-12 has no `definitions` keyword semantics for items-as-a-list: ajv refuses it.
    expect(refusal({ ...schema, $schema: 'https://json-schema.org/draft/2020-12/schema' })).toMatch(/not a valid JSON Schema/);
  });

  it('refuses other drafts, naming the accepted ones', () => {
    expect(refusal({ $schema: 'http://json-schema.org/draft-03/schema#' })).toBe(
      'The schema\'s "$schema" "http://json-schema.org/draft-03/schema#" is not a draft this service reads; accepted: ' +
        '"http://json-schema.org/draft-04/schema#" (draft-04), "http://json-schema.org/draft-06/schema#" (draft-06), ' +
        '"http://json-schema.org/draft-07/schema#" (draft-07), "https://json-schema.org/draft/2019-09/schema" (2019-09), ' +
        '"https://json-schema.org/draft/2020-12/schema" (2020-12); none means 2020-12.',
    );
  });

  it('reads draft-04 in its own words: id, boolean exclusiveMaximum', () => {
    const schema = {
      $schema: 'http://json-schema.org/draft-04/schema#',
      id: 'https://example.com/ports.json',
      definitions: { port: { type: 'integer', maximum: 65536, exclusiveMaximum: true } },
      properties: { port: { $ref: '#/definitions/port' } },
    };
    expect(places('port: 65535\n', schema)).toStrictEqual([]);
    expect(places('port: 65536\n', schema)).toStrictEqual(['SCHEMA_RANGE /port @1:7']);
  });

  it('reads the unversioned "http://json-schema.org/schema#" of kubernetes-json-schema as draft-04', () => {
    // Shaped as that project's generator writes Kubernetes schemas: x-kubernetes-* keywords, int32 formats, nullable types.
    const deployment = {
      $schema: 'http://json-schema.org/schema#',
      type: 'object',
      required: ['apiVersion', 'kind', 'spec'],
      properties: {
        apiVersion: { type: ['string', 'null'], enum: ['apps/v1'] },
        kind: { type: ['string', 'null'], enum: ['Deployment'] },
        spec: {
          type: 'object',
          properties: { replicas: { type: 'integer', format: 'int32' }, paused: { type: 'boolean' } },
          'x-kubernetes-preserve-unknown-fields': false,
        },
      },
      'x-kubernetes-group-version-kind': [{ group: 'apps', kind: 'Deployment', version: 'v1' }],
    };
    expect(places('apiVersion: apps/v1\nkind: Deployment\nspec:\n  replicas: 3\n', deployment)).toStrictEqual([]);
    expect(places('apiVersion: apps/v1\nkind: Deployment\nspec:\n  replicas: three\n', deployment)).toStrictEqual([
      'SCHEMA_TYPE /spec/replicas @4:13',
    ]);
  });

  it('reads draft-06 and 2019-09', () => {
    const draft06 = { $schema: 'http://json-schema.org/draft-06/schema#', properties: { a: { const: 1 } } };
    expect(places('a: 2\n', draft06)).toStrictEqual(['SCHEMA_ENUM /a @1:4']);
    const draft2019 = {
      $schema: 'https://json-schema.org/draft/2019-09/schema',
      dependentRequired: { tls: ['cert'] },
      properties: { tls: { type: 'boolean' } },
    };
    expect(places('tls: true\n', draft2019)).toStrictEqual(['SCHEMA_REQUIRED /cert @1:1']);
  });

  it('accepts the schema as JSON or YAML text', () => {
    expect(places('b: 1\n', '{"required": ["a"]}')).toStrictEqual(['SCHEMA_REQUIRED /a @1:1']);
    expect(places('b: 1\n', 'required:\n  - a\n')).toStrictEqual(['SCHEMA_REQUIRED /a @1:1']);
    expect(refusal('required: [a\n')).toMatch(/^Field "schema" is a string that is neither JSON nor YAML \(line 1, column 11: /);
  });
});

describe('refused schemas', () => {
  it('refuses a remote $ref without fetching it', () => {
    expect(refusal({ $ref: 'https://example.com/schema.json' })).toBe(
      'The schema\'s $ref "https://example.com/schema.json" points outside the schema; remote schemas are never fetched. Put the referenced schema in "$defs" (with its "$id") instead.',
    );
    expect(refusal({ $ref: '#/$defs/missing' })).toMatch(/does not resolve to anything inside the schema/);
  });

  it('resolves an $id inside the schema, and never one another schema declared', () => {
    const withId = { $defs: { name: { $id: 'https://example.com/name', type: 'string' } }, properties: { a: { $ref: 'https://example.com/name' } } };
    expect(places('a: 1\n', withId)).toStrictEqual(['SCHEMA_TYPE /a @1:4']);
    expect(refusal({ properties: { a: { $ref: 'https://example.com/name' } } })).toMatch(/points outside the schema/);
  });

  it('refuses schemas past the bounds before compiling them', () => {
    const big = { description: 'x'.repeat(MAX_SCHEMA_CHARS) };
    expect(refusal(big)).toBe(`The schema is 257 KB; the limit is 256 KB.`);
    expect(refusal(JSON.stringify(big))).toBe(`The schema is 257 KB; the limit is 256 KB.`);
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < MAX_SCHEMA_DEPTH; i++) deep = { items: deep };
    expect(refusal(deep)).toBe(`The schema nests more than ${MAX_SCHEMA_DEPTH} levels deep; the limit is ${MAX_SCHEMA_DEPTH}.`);
    const wide = { anyOf: Array.from({ length: MAX_SCHEMA_NODES }, () => ({})) };
    expect(refusal(wide)).toMatch(/more than 20,000 objects and arrays/);
    expect(schemaCacheStats().compilations).toBe(0);
  });

  it('refuses what is not a schema, with a clear message', () => {
    expect(refusal([1])).toMatch(/^Field "schema" must be a JSON Schema/);
    expect(refusal({ type: 'nope' })).toMatch(/^The schema is not a valid JSON Schema: schema\/type must be equal to one of the allowed values/);
    expect(refusal({ pattern: '(' })).toMatch(/not a valid regular expression/);
  });
});

describe('patterns run in linear time (RE2)', () => {
  it('answers `^(a+)+$` against 44 `a` then `!` (exponential on a backtracking engine) with its violation', () => {
    const input = JSON.stringify(`${'a'.repeat(44)}!`);
    expect(validateDocument({ input, type: 'json', schema: { type: 'string', pattern: '^(a+)+$' } })).toStrictEqual({
      success: true,
      valid: false,
      errors: [
        {
          message: 'The document must match pattern "^(a+)+$".',
          line: 1,
          column: 1,
          code: 'SCHEMA_PATTERN',
          path: '',
          keyword: 'pattern',
          schemaPath: '#/pattern',
        },
      ],
    });
    const properties = { type: 'object', patternProperties: { '^(a+)+$': { type: 'integer' } } };
    expect(places(`{"${'a'.repeat(44)}!": "x", "aaa": "y"}`, properties, 'json')).toStrictEqual(['SCHEMA_TYPE /aaa @1:63']);
  });

  it('refuses what RE2 cannot run, naming the keyword, the pattern and why', () => {
    const linear = 'which this service does not run (patterns run in linear time, RE2 syntax).';
    expect(refusal({ pattern: '(a)\\1' })).toBe(`The schema's "pattern" "(a)\\\\1" uses a backreference, ${linear}`);
    expect(refusal({ properties: { name: { pattern: '(?<x>a)\\k<x>' } } })).toBe(
      `The schema's "pattern" "(?<x>a)\\\\k<x>" uses a backreference, ${linear}`,
    );
    expect(refusal({ pattern: '^(?=.*[0-9])[a-z0-9]+$' })).toBe(`The schema's "pattern" "^(?=.*[0-9])[a-z0-9]+$" uses a lookahead, ${linear}`);
    expect(refusal({ pattern: 'a(?!b)' })).toBe(`The schema's "pattern" "a(?!b)" uses a lookahead, ${linear}`);
    expect(refusal({ pattern: '(?<=\\$)[0-9]+' })).toBe(`The schema's "pattern" "(?<=\\\\$)[0-9]+" uses a lookbehind, ${linear}`);
    expect(refusal({ $schema: 'http://json-schema.org/draft-07/schema#', patternProperties: { '(?<!x)y': { type: 'string' } } })).toBe(
      `The schema's "patternProperties" key "(?<!x)y" uses a lookbehind, ${linear}`,
    );
    expect(refusal({ pattern: 'a{1001}' })).toBe(
      'The schema\'s "pattern" "a{1001}" is one RE2 cannot compile: invalid repeat count: `{1001}` (RE2 repeats at most 1,000 times, nested counts multiplied).',
    );
    expect(refusal({ pattern: '^\\p{Emoji}$' })).toBe(
      'The schema\'s "pattern" "^\\\\p{Emoji}$" uses the Unicode property \\p{Emoji}, which RE2 does not have (it has the General_Category values, such as \\p{L}, and the scripts by their full names, such as \\p{Script=Greek}).',
    );
    // A long pattern is quoted by its start.
    const long = `(a)\\1${'b'.repeat(1000)}`;
    expect(refusal({ pattern: long })).toBe(
      `The schema's "pattern" ${JSON.stringify(long.slice(0, 200))}... (1,005 characters) uses a backreference, ${linear}`,
    );
    // What is not a regular expression at all is refused as before.
    expect(refusal({ pattern: '(a' })).toMatch(/^The schema has a "pattern" that is not a valid regular expression: /);
  });

  it('keeps the meaning patterns have in JavaScript (ECMA-262, `u` flag): escapes, classes, `.`, `\\s`, Unicode', () => {
    const cases: Array<[pattern: string, matches: string[], misses: string[]]> = [
      ['^\\d+$', ['042'], ['٣', '4a']],
      ['^\\w+$', ['a_Z9'], ['é', 'a-b']],
      ['^\\s$', [' ', '\t', '\v', '\u00a0', '\u2028', '\ufeff', '\u3000'], ['a', '\u200b']],
      ['^\\S$', ['a', '😀'], [' ', '\u00a0']],
      ['^.$', ['a', '😀', '\u0085'], ['\n', '\r', '\u2028', '\u2029', '😀😀']],
      ['^[^]$', ['\n'], ['']],
      ['a[]', [], ['a', 'a[]']],
      ['^\\p{L}+$', ['héllo', 'Ωμέγα'], ['a1']],
      ['^\\p{Letter}\\P{Lu}$', ['Aa'], ['AA']],
      ['^\\p{Script=Greek}+$', ['αβγ'], ['abc']],
      ['^\\p{gc=Nd}$', ['٣'], ['x']],
      ['^[\\p{ASCII}é]+$', ['abé'], ['ü']],
      ['^\\u{1F600}\\ud83d\\ude01\\u0041\\x42\\cJ\\0$', ['😀😁AB\n\u0000'], []],
      ['^[😀-😂]$', ['😁'], ['😃', '\ud83d']],
      ['^[a-c-]$', ['b', '-'], ['d']],
      ['^[\\b\\-\\]\\[]$', ['\b', '-', ']', '['], ['b']],
      ['^\\.\\*\\/$', ['.*/'], ['a*/']],
      ['\\bcat\\b', ['a cat'], ['concat']],
      ['^(?<year>[0-9]{4})-(?:0[1-9]|1[0-2])$', ['2024-12'], ['2024-13']],
      ['a$', ['ba'], ['a\n']],
    ];
    for (const [pattern, matches, misses] of cases) {
      const compiled = linearRegExp(pattern, 'u');
      const native = new RegExp(pattern, 'u');
      for (const text of [...matches, ...misses]) {
        expect(compiled.test(text), `${pattern} on ${JSON.stringify(text)}`).toBe(matches.includes(text));
        expect(native.test(text), `V8: ${pattern} on ${JSON.stringify(text)}`).toBe(matches.includes(text));
      }
    }
  });

  it('answers as V8 does on random patterns and strings', () => {
    const atom = fc.constantFrom(
      'a',
      'b',
      'é',
      '😀',
      '.',
      '\\s',
      '\\S',
      '\\d',
      '\\w',
      '\\W',
      '[ab]',
      '[^a]',
      '[a-é]',
      '[\\s1]',
      '[^\\S]',
      '\\p{L}',
      '\\P{Ll}',
      '\\u{1F600}',
      '\\x61',
      '[]',
      '[^]',
      '\\b',
      '^',
      '$',
    );
    const pattern = fc.letrec<{ term: string }>((tie) => ({
      term: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        atom,
        fc.tuple(tie('term'), tie('term')).map(([a, b]) => a + b),
        fc.tuple(tie('term'), tie('term')).map(([a, b]) => `${a}|${b}`),
        fc.tuple(fc.constantFrom('(', '(?:'), tie('term')).map(([open, inner]) => `${open}${inner})`),
        fc.tuple(tie('term'), fc.constantFrom('*', '+', '?', '{1,2}', '*?', '{2}')).map(([inner, q]) => `(?:${inner})${q}`),
      ),
    })).term;
    const text = fc
      .array(fc.constantFrom('a', 'b', 'é', 'A', '1', ' ', '\u00a0', '\n', '\u2028', '😀', '_', '-', '\ud800'), { maxLength: 8 })
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(pattern, fc.array(text, { minLength: 1, maxLength: 6 }), (source, texts) => {
        const native = new RegExp(source, 'u');
        const compiled = linearRegExp(source, 'u');
        for (const t of texts) expect(compiled.test(t), `${source} on ${JSON.stringify(t)}`).toBe(native.test(t));
      }),
      { numRuns: 1500, seed: fuzzSeed(20260512) },
    );
  });
});

describe('uniqueItems in linear time', () => {
  it('reports the pair ajv reports, whatever the key order, 1 and 1.0 equal', () => {
    expect(
      validateDocument({ input: '[{"a": 1, "b": [1, {"c": 2}]}, 3, {"b": [1.0, {"c": 2}], "a": 1}]', type: 'json', schema: { uniqueItems: true } }),
    ).toStrictEqual({
      success: true,
      valid: false,
      errors: [
        {
          message: 'The document must NOT have duplicate items (items ## 0 and 2 are identical).',
          line: 1,
          column: 1,
          code: 'SCHEMA_ITEMS',
          path: '',
          keyword: 'uniqueItems',
          schemaPath: '#/uniqueItems',
        },
      ],
    });
    const schema = { properties: { list: { type: 'array', items: { type: 'integer' }, uniqueItems: true } } };
    expect(places('list: [1, 2, 1]\n', schema)).toStrictEqual(['SCHEMA_ITEMS /list @1:7']);
    // Shared by aliases, compared by value.
    expect(places('a: &a {x: [1]}\nlist: [*a, {x: [2]}, *a]\n', { properties: { list: { uniqueItems: true } } })).toStrictEqual([
      'SCHEMA_ITEMS /list @2:7',
    ]);
    expect(
      validateDocument({ input: '[[1, 2], [2, 1], {"1": 2}, "[1,2]", 0, false, null, "", {}]', type: 'json', schema: { uniqueItems: true } }).valid,
    ).toBe(true);
  });

  it("gives exactly the errors of ajv's own uniqueItems on random arrays", () => {
    const options = { allErrors: true, strict: false, logger: false } as const;
    const theirs = new Ajv2020(options);
    const ours = new Ajv2020(options);
    ours.removeKeyword('uniqueItems');
    ours.addKeyword(uniqueItemsKeyword);
    const schema = { properties: { list: { uniqueItems: true }, nested: { items: { uniqueItems: true } } } };
    const [theirCheck, ourCheck] = [theirs.compile(schema), ours.compile(schema)];
    // Few distinct leaves, so that equal items (in another key order) are frequent.
    const value = fc.letrec<{ value: unknown }>((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        fc.constantFrom(0, -0, 1, 1.5, 'a', 'b', '', true, false, null),
        fc.array(tie('value'), { maxLength: 3 }),
        fc.dictionary(fc.constantFrom('a', 'b', 'c'), tie('value'), { maxKeys: 3, noNullPrototype: true }),
      ),
    })).value;
    let invalid = 0;
    fc.assert(
      fc.property(fc.array(value, { maxLength: 12 }), fc.array(fc.array(value, { maxLength: 5 }), { maxLength: 3 }), (list, nested) => {
        const document = { list, nested };
        const valid = ourCheck(document);
        expect(valid).toBe(theirCheck(document));
        expect(ourCheck.errors ?? null).toStrictEqual(theirCheck.errors ?? null);
        if (!valid) invalid++;
      }),
      { numRuns: 3000, seed: fuzzSeed(20260513) },
    );
    // Both ways were exercised.
    expect(invalid).toBeGreaterThan(500);
    expect(invalid).toBeLessThan(2500);
  });
});

describe('schemas that loop in place', () => {
  const draft07 = 'http://json-schema.org/draft-07/schema#';
  const loops = (loop: string) =>
    `The schema loops: it applies itself to the same value without moving into it (${loop}), so checking a document against it would never end. A schema may refer back to itself only through a keyword that moves into the value, such as "properties" or "items" ({"items": {"$ref": "#"}}).`;

  it.each([
    ['$ref "#"', { $ref: '#' }, '# -> # by "$ref"'],
    ['$ref "#/"', { type: 'object', $ref: '#/' }, '# -> # by "$ref"'],
    ['allOf', { allOf: [{ $ref: '#' }] }, '# -> #/allOf/0 by "allOf", #/allOf/0 -> # by "$ref"'],
    ['anyOf after a type', { anyOf: [{ type: 'string' }, { $ref: '#' }] }, '# -> #/anyOf/1 by "anyOf", #/anyOf/1 -> # by "$ref"'],
    ['not', { not: { $ref: '#' } }, '# -> #/not by "not", #/not -> # by "$ref"'],
    // (`then` as JSON text: an object literal with a `then` is a thenable to the linter.)
    ['if/then', JSON.parse('{"if": {"type": "object"}, "then": {"$ref": "#"}}'), '# -> #/then by "then", #/then -> # by "$ref"'],
    [
      'else',
      { if: { type: 'object' }, else: { allOf: [{ $ref: '#' }] } },
      '# -> #/else by "else", #/else -> #/else/allOf/0 by "allOf", #/else/allOf/0 -> # by "$ref"',
    ],
    [
      'dependentSchemas',
      { dependentSchemas: { a: { $ref: '#' } } },
      '# -> #/dependentSchemas/a by "dependentSchemas", #/dependentSchemas/a -> # by "$ref"',
    ],
    ['draft-07 $ref with siblings', { $schema: draft07, type: 'object', $ref: '#' }, '# -> # by "$ref"'],
    [
      'draft-07 dependencies',
      { $schema: draft07, dependencies: { a: { $ref: '#' } } },
      '# -> #/dependencies/a by "dependencies", #/dependencies/a -> # by "$ref"',
    ],
    [
      '$defs a -> b -> a',
      { $defs: { a: { $ref: '#/$defs/b' }, b: { oneOf: [{ $ref: '#/$defs/a' }] } }, properties: { x: { $ref: '#/$defs/a' } } },
      '#/$defs/a -> #/$defs/b by "$ref", #/$defs/b -> #/$defs/b/oneOf/0 by "oneOf", #/$defs/b/oneOf/0 -> #/$defs/a by "$ref"',
    ],
    ['$dynamicRef "#"', { $dynamicRef: '#' }, '# -> # by "$dynamicRef"'],
    [
      '$dynamicRef to an anchor',
      { $dynamicAnchor: 'node', allOf: [{ $dynamicRef: '#node' }] },
      '# -> #/allOf/0 by "allOf", #/allOf/0 -> # by "$dynamicRef"',
    ],
    ['$recursiveRef', { $recursiveAnchor: true, anyOf: [{ $recursiveRef: '#' }] }, '# -> #/anyOf/0 by "anyOf", #/anyOf/0 -> # by "$recursiveRef"'],
    [
      'an anchor',
      { $defs: { a: { $anchor: 'x', allOf: [{ $ref: '#x' }] } }, $ref: '#x' },
      '#/$defs/a -> #/$defs/a/allOf/0 by "allOf", #/$defs/a/allOf/0 -> #/$defs/a by "$ref"',
    ],
    [
      'an embedded $id',
      { $id: 'https://example.com/root', $defs: { a: { $id: 'a.json', allOf: [{ $ref: 'a.json' }] } }, $ref: 'a.json' },
      '#/$defs/a -> #/$defs/a/allOf/0 by "allOf", #/$defs/a/allOf/0 -> #/$defs/a by "$ref"',
    ],
    [
      'draft-07 "#name" $id',
      { $schema: draft07, definitions: { a: { $id: '#x', not: { $ref: '#x' } } }, $ref: '#x' },
      '#/definitions/a -> #/definitions/a/not by "not", #/definitions/a/not -> #/definitions/a by "$ref"',
    ],
    ['a reference into a data keyword', { $ref: '#/default', default: { $ref: '#' } }, '# -> #/default by "$ref", #/default -> # by "$ref"'],
  ])('refuses %s with 400 before compiling', (_name, schema, loop) => {
    expect(refusal(schema)).toBe(loops(loop));
    expect(schemaCacheStats().compilations).toBe(0);
  });

  it('tells a tree (the schema again for each item) from a loop (the schema again for the same value)', () => {
    const tree = { type: 'object', properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#' } } } };
    expect(places('name: a\nchildren:\n  - name: b\n    children: [{name: 3}]\n', tree)).toStrictEqual([
      'SCHEMA_TYPE /children/0/children/0/name @4:23',
    ]);
    const dynamicTree = { $dynamicAnchor: 'node', properties: { children: { items: { $dynamicRef: '#node' } } }, required: ['id'] };
    expect(places('id: 1\nchildren: [{id: 2}, {}]\n', dynamicTree)).toStrictEqual(['SCHEMA_REQUIRED /children/1/id @2:21']);
    // The same schemas applied to the value itself, not to its items: refused.
    expect(refusal({ ...tree, allOf: [{ $ref: '#' }] })).toMatch(/^The schema loops: /);
    expect(refusal({ ...dynamicTree, anyOf: [{ $dynamicRef: '#node' }] })).toMatch(/^The schema loops: /);
    // A loop in a definition nothing uses is never run.
    expect(validateDocument({ input: 'a: 1', type: 'yaml', schema: { $defs: { x: { $ref: '#/$defs/x' } } } }).valid).toBe(true);
  });

  /** `length` references in a row (no loop), then `items` back to the first. */
  function referenceChain(length: number): object {
    const $defs: Record<string, unknown> = { [`a${length}`]: { items: { $ref: '#/$defs/a0' } } };
    for (let i = 0; i < length; i++) $defs[`a${i}`] = { allOf: [{ $ref: `#/$defs/a${i + 1}` }] };
    return { $defs, $ref: '#/$defs/a0' };
  }

  it('answers 400, not a crash, when compiling or a check runs out of stack', () => {
    expect(refusal(referenceChain(3000))).toBe(
      'The schema goes through too many references in a row to be compiled (compiling it ran out of stack).',
    );
    // 100 references for each of 256 levels of the document.
    expect(() => validateDocument({ input: '['.repeat(256) + ']'.repeat(256), type: 'json', schema: referenceChain(100) })).toThrow(
      new ConversionError(
        'bad_request',
        'Checking this document against the schema ran out of stack: the schema goes through too many references in a row, or refers back to itself without end. A schema may refer back to itself only through a keyword that moves into the value, such as "properties" or "items" ({"items": {"$ref": "#"}}).',
      ),
    );
  });
});

describe('the compilation cache', () => {
  it('compiles a schema once, and stays within its bound in entries', () => {
    const schema = (n: number) => ({ properties: { [`p${n}`]: { type: 'string' } } });
    validateDocument({ input: 'a: 1', type: 'yaml', schema: schema(0) });
    validateDocument({ input: 'a: 2', type: 'yaml', schema: schema(0) });
    validateDocument({ input: 'a: 3', type: 'yaml', schema: JSON.stringify(schema(0)) });
    expect(schemaCacheStats()).toMatchObject({ compilations: 1, entries: 1 });
    for (let n = 1; n <= SCHEMA_CACHE_ENTRIES + 10; n++) validateDocument({ input: 'a: 1', type: 'yaml', schema: schema(n) });
    expect(schemaCacheStats()).toMatchObject({ compilations: SCHEMA_CACHE_ENTRIES + 11, entries: SCHEMA_CACHE_ENTRIES });
    // The oldest was evicted (compiled again); the newest is still there (not compiled again).
    validateDocument({ input: 'a: 1', type: 'yaml', schema: schema(SCHEMA_CACHE_ENTRIES + 10) });
    expect(schemaCacheStats().compilations).toBe(SCHEMA_CACHE_ENTRIES + 11);
    validateDocument({ input: 'a: 1', type: 'yaml', schema: schema(0) });
    expect(schemaCacheStats().compilations).toBe(SCHEMA_CACHE_ENTRIES + 12);
  });
});
