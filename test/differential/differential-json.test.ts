/**
 * Differential test of the single-pass JSON paths (lib/converter/fast-json/): for every
 * document, `convert` with the fast paths on answers exactly as with them off (the
 * reference path, readJson + writeYaml / writeJson): same output bytes, same metadata
 * except processingMs, same warnings, or the same error. And the fast paths really run:
 * every valid document without duplicate keys is taken by them, not handed over.
 *
 * Documents: generated JSON/JSONC (fast-check: deep and wide, the contract's tricky
 * strings, Unicode, every escape, numbers with exponents and many digits, empty
 * collections, white space and comment variants, duplicate keys, broken text), the
 * JSONTestSuite files, and the benchmark corpus's documents at small sizes.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { DOCUMENTS } from '../../bench/corpus-spec';
import { generateDocument } from '../../bench/documents';
import { ConversionError, convert, decodeUtf8OrThrow, findLoneSurrogate } from '../../lib/converter';
import { convertJsonFast } from '../../lib/converter/fast-json/convert-json-fast';
import { MAX_DEPTH } from '../../lib/converter/limits';
import type { Format } from '../../lib/converter/types';
import { sharedPath } from '../helpers/shared-path';
import { fuzzSeed } from '../helpers/fuzz-seed';
import { jsonNumberText } from '../helpers/json-number-text';

/** Multiplies the run counts for a longer hunt: DIFFERENTIAL_RUNS=20 npx vitest run test/differential */
const SCALE = Number(process.env.DIFFERENTIAL_RUNS ?? '1') || 1;
const TIMEOUT = 60_000 * SCALE;

type Answer = { ok: true; output: string; metadata: Record<string, unknown>; warnings: string[] } | { ok: false; error: unknown };

function answer(input: string, outputType: Format, fast: boolean): Answer {
  try {
    const r = convert({ input, inputType: 'json', outputType }, { fastJson: fast });
    const { processingMs: _ignored, ...metadata } = r.metadata;
    return { ok: true, output: r.output, metadata, warnings: r.warnings };
  } catch (err) {
    if (!(err instanceof ConversionError)) throw err;
    return { ok: false, error: { code: err.code, message: err.message, details: err.details } };
  }
}

/** Asserts the two paths agree on `input` for one output type; returns whether the fast path took it. */
function agree(input: string, outputType: Format): boolean {
  const reference = answer(input, outputType, false);
  const fast = answer(input, outputType, true);
  expect(fast).toEqual(reference);
  if (fast.ok && reference.ok) expect(fast.output === reference.output).toBe(true);
  // convert refuses lone surrogates before any parsing; the fast paths are never given them.
  const taken = findLoneSurrogate(input) === null && convertJsonFast(input, outputType) !== null;
  // The fast paths take exactly the documents the reference converts without a warning:
  // they hand over syntax errors, duplicate keys (a warning) and nesting over MAX_DEPTH.
  expect(taken).toBe(reference.ok && reference.warnings.length === 0);
  return taken;
}

function agreeBoth(input: string): { yaml: boolean; json: boolean } {
  return { yaml: agree(input, 'yaml'), json: agree(input, 'json') };
}

/* ------------------------------------------------------------------------- */
/* Generated documents.                                                       */
/* ------------------------------------------------------------------------- */

/** Contract section 3's quoting list and its neighbours, YAML indicators, line breaks, odd code points. */
const TRICKY = [
  'yes',
  'Yes',
  'NO',
  'no',
  'on',
  'ON',
  'off',
  'Off',
  'y',
  'Y',
  'n',
  'N',
  'true',
  'True',
  'false',
  'FALSE',
  'null',
  'Null',
  '~',
  '1.0',
  '0x1F',
  '0o17',
  '0b101',
  '017',
  '1e3',
  '1E3',
  'e1',
  '+1',
  '-1',
  '-0',
  '.5',
  '1_000',
  '1:20',
  '190:20:30.15',
  '2001-12-14',
  '2001-12-14 21:59:43.10 -5',
  '2002-12-14T21:59:43Z',
  '.inf',
  '-.Inf',
  '.NaN',
  'NaN',
  'Infinity',
  '',
  ' ',
  '  ',
  ' a',
  'a ',
  'a: b',
  'a:b',
  'a:',
  'a #b',
  'a#b',
  '#x',
  '- a',
  '-a',
  '-',
  '--',
  '---',
  '...',
  '? x',
  '?',
  ': x',
  ':',
  '&a',
  '*a',
  '!a',
  '%a',
  '@a',
  '`a',
  "'",
  '"',
  '\\',
  '[x',
  '{x',
  '}',
  ']',
  ',',
  '|',
  '>',
  '<<',
  '=',
  'a\nb',
  '\n',
  '\n\n',
  'a\n',
  'a\n\n',
  'a\n\n\n',
  '\na',
  ' a\nb',
  '  \n x',
  'x\n ',
  'x\n\t\ny',
  '\tx\ny',
  'a\n#b',
  'a\n---\nb',
  '\t',
  'a\tb',
  '\r',
  '\r\n',
  'a\rb',
  '\u0000',
  '\u0007',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u009f',
  '\u00a0',
  'a\u00a0',
  '\u2028',
  '\u2029',
  '\u3000',
  '\ufeff',
  '\ufffe',
  '\uffff',
  'é',
  'Zoë',
  '日本語',
  '😀',
  'a😀b',
  '\ud800',
  '\udc00',
  'a\ud800b',
  'key:',
  'http://x.y/z?a=1#f',
  'nginx:1.25',
  '/usr/bin/env',
  'C:\\x',
  '${{ matrix.os }}',
  'x'.repeat(1030),
  ' '.repeat(3) + 'y'.repeat(1100),
];

const stringArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...TRICKY) },
  { weight: 2, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 8 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 8 }) },
  { weight: 1, arbitrary: fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 6 }).map((u) => String.fromCharCode(...u)) },
  {
    weight: 2,
    arbitrary: fc.array(fc.constantFrom(...TRICKY, ' ', '\n', '\n\n', 'word'), { minLength: 2, maxLength: 4 }).map((a) => a.join('')),
  },
);

/** How a string is spelled in JSON: plainly (JSON.stringify), or with extra escapes (`\/`, `\u00e9`, upper- or lower-case hex). */
const escapeStyle = fc.constantFrom('stringify', 'unicode-lower', 'unicode-upper', 'slash');

function spell(s: string, style: string): string {
  const base = JSON.stringify(s);
  if (style === 'stringify') return base;
  if (style === 'slash') return base.replace(/\//g, '\\/');
  const inner = base.slice(1, -1);
  let out = '';
  for (let i = 0; i < inner.length; i++) {
    const c = inner.charCodeAt(i);
    if (inner[i] === '\\') {
      out += inner.slice(i, i + 2);
      i++;
      if (inner[i] === 'u') {
        out += inner.slice(i + 1, i + 5);
        i += 4;
      }
    } else if (c > 0x7e || i % 3 === 0) {
      const h = c.toString(16).padStart(4, '0');
      out += '\\u' + (style === 'unicode-upper' ? h.toUpperCase() : h);
    } else out += inner[i];
  }
  return `"${out}"`;
}

const numberArb = jsonNumberText(31, 4);

/** White space and comments between tokens. */
const gapArb = fc.oneof(
  { weight: 6, arbitrary: fc.constant('') },
  { weight: 3, arbitrary: fc.constantFrom(' ', '\n', '\n  ', '\t', '\r\n', '\r', '  \n\t ') },
  { weight: 1, arbitrary: fc.constantFrom('/* c */', '// line\n', ' /* a\nb */ ', '//\r\n', '/**/', ' // x\r') },
);

interface Shape {
  kind: 'scalar' | 'array' | 'object';
  text: string;
}

/**
 * JSON text of a value, with gaps between tokens from `gaps` (cycled) and, when
 * `trailingCommas`, a comma after some last elements (JSONC).
 */
const valueArb: fc.Arbitrary<Shape> = fc.letrec<{ value: Shape }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'medium', withCrossShrink: true, maxDepth: 8 },
    fc.constantFrom<Shape>({ kind: 'scalar', text: 'null' }, { kind: 'scalar', text: 'true' }, { kind: 'scalar', text: 'false' }),
    numberArb.map((text): Shape => ({ kind: 'scalar', text })),
    { weight: 2, arbitrary: fc.tuple(stringArb, escapeStyle).map(([s, style]): Shape => ({ kind: 'scalar', text: spell(s, style) })) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.array(fc.tuple(gapArb, tie('value'), gapArb), { maxLength: 6 }), fc.boolean(), gapArb)
        .map(([items, trailing, end]): Shape => {
          const parts = items.map(([a, v, b]) => a + v.text + b);
          return { kind: 'array', text: `[${parts.join(',')}${trailing && parts.length > 0 ? ',' : ''}${end}]` };
        }),
    },
    {
      weight: 3,
      arbitrary: fc
        .tuple(
          fc.uniqueArray(fc.tuple(fc.oneof(stringArb, fc.stringMatching(/^[a-z0-9_]{1,8}$/)), escapeStyle, gapArb, tie('value')), {
            maxLength: 6,
            selector: ([k]) => k,
          }),
          fc.boolean(),
          gapArb,
        )
        .map(([entries, trailing, end]): Shape => {
          const parts = entries.map(([k, style, g, v]) => `${g}${spell(k, style)}${g}:${g}${v.text}`);
          return { kind: 'object', text: `{${parts.join(',')}${trailing && parts.length > 0 ? ',' : ''}${end}}` };
        }),
    },
  ),
})).value;

/** A whole document: mostly a collection, with leading/trailing gaps, sometimes a byte order mark. */
const documentArb = fc
  .tuple(fc.boolean(), gapArb, fc.oneof(valueArb, { weight: 4, arbitrary: valueArb.filter((v) => v.kind !== 'scalar') }), gapArb)
  .map(([bom, before, v, after]) => `${bom ? '\ufeff' : ''}${before}${v.text}${after}`);

/** Deep and wide documents: long arrays and objects, nesting around MAX_DEPTH. */
const bigArb = fc.oneof(
  fc.tuple(fc.integer({ min: 1, max: MAX_DEPTH + 3 }), fc.constantFrom('[', '{"k":'), valueArb).map(([depth, open, v]) => {
    const close = open === '[' ? ']' : '}';
    return open.repeat(depth) + v.text + close.repeat(depth);
  }),
  fc.array(valueArb, { minLength: 20, maxLength: 200 }).map((items) => `[\n  ${items.map((i) => i.text).join(',\n  ')}\n]`),
  fc.array(fc.tuple(stringArb, valueArb), { minLength: 10, maxLength: 100 }).map((entries) => {
    // Duplicates possible on purpose: the fast paths must hand those over.
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}: ${v.text}`).join(',\n')}}`;
  }),
);

/**
 * Arrays of objects drawn from a small pool of keys (prefixes of each other, escapes, keys
 * that need quotes, one too long for an implicit key), in varying orders and spellings:
 * objects of one shape repeat their keys, which the YAML writer caches per position.
 */
const KEY_POOL = ['a', 'ab', 'abc', 'name', 'names', 'é', 'a"b', 'yes', '1', '', 'a: b', 'k'.repeat(1030)];
const recordsArb = fc
  .array(
    fc.tuple(fc.uniqueArray(fc.tuple(fc.constantFrom(...KEY_POOL), escapeStyle, valueArb), { maxLength: 6, selector: ([k]) => k }), fc.boolean()),
    { minLength: 2, maxLength: 12 },
  )
  .map((records) => {
    const objects = records.map(([entries, nested]) => {
      const body = entries.map(([k, style, v]) => `${spell(k, style)}: ${v.text}`).join(', ');
      return nested ? `{"inner": {${body}}, ${body || '"x": 0'}}` : `{${body}}`;
    });
    return `[${objects.join(',\n')}]`;
  });

/** Text with one random edit: most become syntax errors the reference path must report. */
const brokenArb = fc
  .tuple(
    documentArb,
    fc.nat(),
    fc.constantFrom('delete', 'insert', 'duplicate'),
    fc.constantFrom(',', ':', '"', '[', '}', '\\', 'x', '/', '\n', '0', '-', '\u0001', '*/'),
  )
  .map(([text, at, edit, ch]) => {
    const i = text.length === 0 ? 0 : at % text.length;
    if (edit === 'delete') return text.slice(0, i) + text.slice(i + 1);
    if (edit === 'insert') return text.slice(0, i) + ch + text.slice(i);
    return text.slice(0, i) + text.slice(i, i + 6) + text.slice(i);
  });

/** Whether a document's text has no duplicate key at any level (read by the `yaml` package as plain JSON). */
function hasDuplicateKey(text: string): boolean {
  const doc = parseAllDocuments(text.replace(/^\ufeff/, ''), { uniqueKeys: true })[0];
  return doc?.errors.some((e) => e.code === 'DUPLICATE_KEY') ?? false;
}

describe('fast JSON paths against the reference path', () => {
  it(
    'agree on generated JSONC documents, and take every one of them',
    () => {
      fc.assert(
        fc.property(documentArb, (text) => {
          const taken = agreeBoth(text);
          // Generated documents are valid JSONC, keys unique per object, nesting <= 8.
          expect(taken).toEqual({ yaml: true, json: true });
        }),
        { numRuns: 4000 * SCALE, seed: fuzzSeed(235) },
      );
    },
    TIMEOUT,
  );

  it(
    'agree on deep, wide and duplicate-key documents',
    () => {
      let taken = 0;
      fc.assert(
        fc.property(bigArb, (text) => {
          if (agreeBoth(text).yaml) taken++;
        }),
        { numRuns: 500 * SCALE, seed: fuzzSeed(236) },
      );
      expect(taken).toBeGreaterThan(150 * SCALE);
    },
    TIMEOUT,
  );

  it(
    'agree on arrays of objects that repeat, reorder and respell their keys, and take every one',
    () => {
      fc.assert(
        fc.property(recordsArb, (text) => {
          expect(agreeBoth(text)).toEqual({ yaml: true, json: true });
        }),
        { numRuns: 1500 * SCALE, seed: fuzzSeed(237) },
      );
    },
    TIMEOUT,
  );

  it(
    'agree on broken documents: the same errors, positions and messages',
    () => {
      let refused = 0;
      fc.assert(
        fc.property(brokenArb, (text) => {
          agreeBoth(text);
          if (!answer(text, 'json', false).ok) refused++;
        }),
        { numRuns: 3000 * SCALE, seed: fuzzSeed(238) },
      );
      // The edits must produce errors often enough for this test to say something.
      expect(refused).toBeGreaterThan(750 * SCALE);
    },
    TIMEOUT,
  );

  it('take documents at nesting MAX_DEPTH and hand over deeper ones (limit_exceeded from the reference)', () => {
    const at = '['.repeat(MAX_DEPTH) + '1' + ']'.repeat(MAX_DEPTH);
    const over = '['.repeat(MAX_DEPTH + 1) + '1' + ']'.repeat(MAX_DEPTH + 1);
    expect(agreeBoth(at)).toEqual({ yaml: true, json: true });
    expect(agreeBoth(over)).toEqual({ yaml: false, json: false });
    // An empty collection is a level too.
    const nest = (n: number, inner: string) => '['.repeat(n) + inner + ']'.repeat(n);
    expect(agreeBoth(nest(MAX_DEPTH - 1, '{}'))).toEqual({ yaml: true, json: true });
    expect(agreeBoth(nest(MAX_DEPTH, '{}'))).toEqual({ yaml: false, json: false });
    expect(agreeBoth(nest(MAX_DEPTH, '[ ]'))).toEqual({ yaml: false, json: false });
    const refused = answer(over, 'yaml', true);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error).toMatchObject({ code: 'limit_exceeded' });
  });

  it('agree with preserveAnchors, which changes nothing for JSON input', () => {
    const docs = fc.sample(documentArb, { numRuns: 300, seed: 5 });
    for (const input of docs) {
      for (const outputType of ['yaml', 'json'] as const) {
        const run = (fastJson: boolean) => {
          try {
            const r = convert({ input, inputType: 'json', outputType, preserveAnchors: true }, { fastJson });
            return { ...r, metadata: { ...r.metadata, processingMs: 0 } };
          } catch (err) {
            return err instanceof ConversionError ? { code: err.code, message: err.message, details: err.details } : err;
          }
        };
        expect(run(true)).toEqual(run(false));
      }
    }
  });

  it('hand over a document with a duplicate key (the reference keeps the last value and warns)', () => {
    const text = '{"a": 1, "b": {"x": 1, "x": 2}, "c": 3}';
    expect(agreeBoth(text)).toEqual({ yaml: false, json: false });
    expect(hasDuplicateKey(text)).toBe(true);
    const big = `{${Array.from({ length: 40 }, (_, i) => `"k${i}": ${i}`).join(', ')}, "k7": 0}`;
    expect(agreeBoth(big)).toEqual({ yaml: false, json: false });
  });
});

/* ------------------------------------------------------------------------- */
/* JSONTestSuite and the benchmark corpus.                                    */
/* ------------------------------------------------------------------------- */

describe('fast JSON paths on JSONTestSuite', () => {
  const dir = sharedPath('conformance', 'json-test-suite', 'test_parsing');
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort();

  it('agree on every file the API would pass to convert (y_, n_ and i_)', () => {
    expect(files.length).toBe(318);
    let taken = 0;
    let compared = 0;
    for (const file of files) {
      let input: string;
      try {
        input = decodeUtf8OrThrow(new Uint8Array(readFileSync(path.join(dir, file))));
      } catch {
        continue; // invalid UTF-8 never reaches convert
      }
      compared++;
      const t = agreeBoth(input);
      if (t.yaml) taken++;
    }
    expect(compared).toBeGreaterThan(280);
    // The y_ files and the JSONC-valid n_ and i_ ones, except duplicate keys and lone surrogates.
    expect(taken).toBeGreaterThan(100);
  });
});

describe('fast JSON paths on the benchmark corpus documents', () => {
  it.each(DOCUMENTS.map((d) => d.name))('%s: agree at 10 KB and 200 KB, pretty and compact, and are taken', (name) => {
    for (const [size, seed] of [
      [10 * 1024, 1],
      [10 * 1024, 2],
      [200 * 1024, 3],
    ] as const) {
      const yamlText = generateDocument(name, size, seed).text;
      const stream = DOCUMENTS.find((d) => d.name === name)!.stream;
      const data: unknown = stream
        ? parseAllDocuments(yamlText, { merge: true }).map((d) => d.toJS({ maxAliasCount: -1 }) as unknown)
        : parse(yamlText, { merge: true, maxAliasCount: -1 });
      for (const json of [JSON.stringify(data, null, 2) + '\n', JSON.stringify(data)]) {
        expect(agreeBoth(json)).toEqual({ yaml: true, json: true });
      }
    }
  });
});
