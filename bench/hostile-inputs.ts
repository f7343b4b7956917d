/**
 * Pathological inputs, by family, at a given size: the shapes that make a
 * parser do more than linear work (errors against openers, merges of merges, aliases of big
 * nodes, many keys in one mapping, comments, long scalars, big integers...). Each generator
 * repeats a unit until the text reaches about `n` bytes, so a family at n and 2n differs only
 * in how many units it has. Used by `npm run bench -- --only hostile` (bench/hostile.ts) and
 * by test/converter/hostile.test.ts, which asserts that the work grows linearly.
 */
import type { ConvertRequest, ValidateRequest } from '../lib/converter/types';

export type HostileCall = { kind: 'convert'; request: ConvertRequest } | { kind: 'validate'; request: ValidateRequest };

export interface HostileFamily {
  name: string;
  /** What the input looks like. */
  about: string;
  input: 'yaml' | 'json';
  generate: (n: number) => string;
  /**
   * The output itself grows faster than the input (merges of merges, copies of big mappings),
   * up to the alias budget: the work is then measured against input + output.
   */
  outputBound?: boolean;
}

/** `unit(i)` repeated (after `head`) until the text reaches n characters. */
function repeat(n: number, unit: (i: number) => string, head = '', tail = ''): string {
  const parts: string[] = [head];
  let len = head.length + tail.length;
  for (let i = 0; len < n; i++) {
    const u = unit(i);
    parts.push(u);
    len += u.length;
  }
  parts.push(tail);
  return parts.join('');
}

export const HOSTILE_FAMILIES: HostileFamily[] = [
  /* ---- YAML: errors -------------------------------------------------------------------- */
  {
    name: 'yaml-unclosed-flow',
    about: '"- [\\n" repeated: every line opens a flow sequence that never closes',
    input: 'yaml',
    generate: (n) => repeat(n, () => '- [\n'),
  },
  { name: 'yaml-unclosed-map', about: '"- {\\n" repeated', input: 'yaml', generate: (n) => repeat(n, () => '- {\n') },
  {
    name: 'yaml-unclosed-dquote',
    about: '`k: "v` lines: double quotes that never close',
    input: 'yaml',
    generate: (n) => repeat(n, (i) => `k${i}: "v\n`),
  },
  { name: 'yaml-unclosed-squote', about: "`- 'v` lines: single quotes that never close", input: 'yaml', generate: (n) => repeat(n, () => "- 'v\n") },
  {
    name: 'yaml-quote-per-line',
    about: '`- "a` then `- b"` alternating (multi-line quotes, some unclosed)',
    input: 'yaml',
    generate: (n) => repeat(n, (i) => (i % 3 === 0 ? '- "a\n' : i % 3 === 1 ? '- b"\n' : "- 'c\n")),
  },
  { name: 'yaml-many-errors', about: '`a: b: c` lines (one error each)', input: 'yaml', generate: (n) => repeat(n, (i) => `k${i}: b: c\n`) },
  {
    name: 'yaml-tab-indent',
    about: 'lines indented with tabs (one error each)',
    input: 'yaml',
    generate: (n) => repeat(n, (i) => `k${i}:\n\tv: 1\n`),
  },
  {
    name: 'yaml-bad-indent',
    about: 'mis-indented lines (one error each)',
    input: 'yaml',
    generate: (n) => repeat(n, (i) => `a${i}: 1\n   b${i}: 2\n`),
  },
  { name: 'yaml-unknown-alias', about: '`- *missing` repeated (one error each)', input: 'yaml', generate: (n) => repeat(n, (i) => `- *m${i}\n`) },
  {
    name: 'yaml-dup-keys-same',
    about: 'the same key repeated in one mapping (one error each)',
    input: 'yaml',
    generate: (n) => repeat(n, () => 'a: 1\n'),
  },
  { name: 'yaml-flow-unclosed-deep', about: '"[" repeated on one line (refused as too deep)', input: 'yaml', generate: (n) => repeat(n, () => '[') },
  { name: 'yaml-stray-closers', about: '"]" and "}" lines', input: 'yaml', generate: (n) => repeat(n, (i) => (i % 2 ? '- ]\n' : '- }\n')) },
  /* ---- YAML: keys, merges, aliases ------------------------------------------------------- */
  { name: 'yaml-many-keys', about: 'one mapping with many distinct keys', input: 'yaml', generate: (n) => repeat(n, (i) => `key${i}: ${i}\n`) },
  {
    name: 'yaml-many-keys-flow',
    about: 'one flow mapping with many distinct keys',
    input: 'yaml',
    generate: (n) => repeat(n, (i) => `k${i}: ${i}, `, '{', 'z: 0}\n'),
  },
  {
    name: 'yaml-merge-repeat',
    about: 'a mapping with `<<: *a` repeated (same anchor, many merge keys)',
    input: 'yaml',
    generate: (n) => repeat(n, () => '  <<: *a\n', 'a: &a {x: 1, y: 2, z: 3}\nb:\n'),
  },
  {
    name: 'yaml-merge-list',
    about: '`<<: [*a, *a, ...]`: one merge key, a long list of the same alias',
    input: 'yaml',
    generate: (n) => repeat(n, () => '*a, ', 'a: &a {x: 1, y: 2}\nb: {<<: [', '*a]}\n'),
  },
  {
    name: 'yaml-merge-big-repeat',
    about: 'a big anchored mapping merged again and again into one mapping (`<<: *a` lines)',
    input: 'yaml',
    generate: (n) => bigAnchor(n) + repeat(n / 2, () => '  <<: *a\n', 'b:\n'),
  },
  {
    name: 'yaml-merge-big-list',
    about: 'a big anchored mapping merged many times by one `<<: [*a, *a, ...]`',
    input: 'yaml',
    generate: (n) => bigAnchor(n) + repeat(n / 2, () => '*a, ', 'b: {<<: [', '*a]}\n'),
  },
  {
    name: 'yaml-merge-big-copies',
    about: 'copies of a big mapping (each `{<<: *a}`) all merged into one mapping',
    input: 'yaml',
    generate: (n) => bigCopies(n),
    outputBound: true,
  },
  {
    name: 'yaml-merge-many-anchors',
    about: 'many anchors each merged once into one mapping (all keys distinct)',
    input: 'yaml',
    generate: (n) => mergeManyAnchors(n),
  },
  {
    name: 'yaml-merge-chain',
    about: 'merges of merges: each mapping merges the previous one and adds a key',
    input: 'yaml',
    generate: (n) => repeat(n, (i) => `m${i + 1}: &m${i + 1} {<<: *m${i}, k${i + 1}: ${i}}\n`, 'm0: &m0 {k0: 0}\n'),
    outputBound: true,
  },
  {
    name: 'yaml-merge-services',
    about: 'Compose-like: many services each merging the same defaults',
    input: 'yaml',
    generate: (n) =>
      repeat(n, (i) => `  s${i}:\n    <<: *d\n    image: app:${i}\n`, 'x: &d\n  restart: always\n  env: {A: "1", B: "2"}\nservices:\n'),
  },
  {
    name: 'yaml-many-aliases',
    about: '`- *a` repeated, `a` a small mapping',
    input: 'yaml',
    generate: (n) => repeat(n, () => '- *a\n', '- &a {x: 1, y: 2}\n'),
  },
  { name: 'yaml-alias-big-node', about: 'one big anchored node aliased 4 times', input: 'yaml', generate: (n) => aliasBigNode(n) },
  {
    name: 'yaml-alias-long-string',
    about: 'a 400-character anchored string aliased many times',
    input: 'yaml',
    generate: (n) => repeat(n, () => '- *s\n', `- &s ${'x'.repeat(400)}\n`),
  },
  {
    name: 'yaml-alias-string-bomb',
    about: 'a string half the input long, aliased by the other half (refused by the budget)',
    input: 'yaml',
    generate: (n) => repeat(n, () => '- *s\n', `- &s ${'x'.repeat(n / 2)}\n`),
    outputBound: true,
  },
  {
    name: 'yaml-anchors-many',
    about: 'many anchors, each aliased once',
    input: 'yaml',
    generate: (n) => repeat(n, (i) => `- &a${i} v${i}\n- *a${i}\n`),
  },
  /* ---- YAML: shapes -------------------------------------------------------------------- */
  {
    name: 'yaml-long-implicit-key',
    about: 'one plain scalar key as long as the input, no colon after it',
    input: 'yaml',
    generate: (n) => 'k'.repeat(n) + '\n',
  },
  {
    name: 'yaml-long-keys',
    about: 'many 1,000-character keys',
    input: 'yaml',
    generate: (n) => repeat(n, (i) => `${'k'.repeat(990)}${String(i).padStart(8, '0')}: 1\n`),
  },
  {
    name: 'yaml-deep-flow',
    about: '200-deep flow sequences, repeated',
    input: 'yaml',
    generate: (n) => repeat(n, () => `- ${'['.repeat(200)}1${']'.repeat(200)}\n`),
  },
  { name: 'yaml-deep-block', about: '200-deep block mappings, repeated', input: 'yaml', generate: (n) => repeat(n, (i) => deepBlock(i, 200)) },
  { name: 'yaml-many-documents', about: '`--- a: 1` documents', input: 'yaml', generate: (n) => repeat(n, (i) => `---\na: ${i}\n`) },
  { name: 'yaml-many-doc-markers', about: '`---` and `...` lines (empty documents)', input: 'yaml', generate: (n) => repeat(n, () => '---\n...\n') },
  {
    name: 'yaml-many-directives',
    about: '%YAML and %TAG directives, many before one document',
    input: 'yaml',
    generate: (n) => repeat(n, (i) => (i % 2 ? '%YAML 1.2\n' : `%TAG !t${i}! tag:x.org,2000:${i}:\n`), '', '---\na: 1\n'),
  },
  {
    name: 'yaml-comment-lines',
    about: 'comment lines around a few values',
    input: 'yaml',
    generate: (n) => repeat(n, (i) => (i % 50 === 0 ? `k${i}: v # c${i}\n` : `# comment ${i}\n`)),
  },
  {
    name: 'yaml-comments-per-node',
    about: 'many comment lines before each of a few sequence items',
    input: 'yaml',
    generate: (n) => repeat(n, (i) => (i % 1000 === 999 ? `- x${i}\n` : `  # c${i}\n`), '- start\n', '- end\n'),
  },
  {
    name: 'yaml-long-line-comment',
    about: 'one long flow sequence on one line, a comment at its end',
    input: 'yaml',
    generate: (n) => repeat(n, (i) => `v${i}, `, 'k: [', 'z] # c\n'),
  },
  {
    name: 'yaml-long-line-comments',
    about: 'long flow lines of aliases, each ending with a comment',
    input: 'yaml',
    generate: (n) => repeat(n, () => `- [${'*a, '.repeat(500)}*a] # c\n`, '- &a x\n'),
  },
  { name: 'yaml-trailing-comments', about: '`k: v # comment` lines', input: 'yaml', generate: (n) => repeat(n, (i) => `k${i}: v # comment ${i}\n`) },
  { name: 'yaml-long-plain', about: 'one plain scalar as long as the input', input: 'yaml', generate: (n) => 'a: ' + 'x'.repeat(n) + '\n' },
  {
    name: 'yaml-folded-plain',
    about: 'one plain scalar over many lines',
    input: 'yaml',
    generate: (n) => repeat(n, (i) => `  w${i}\n`, 'a: start\n'),
  },
  {
    name: 'yaml-long-dquoted',
    about: 'a double-quoted string full of escapes',
    input: 'yaml',
    generate: (n) => repeat(n, () => 'ab\\n\\u00e9\\t', 'a: "', '"\n'),
  },
  {
    name: 'yaml-dquoted-lines',
    about: 'a double-quoted string over many lines',
    input: 'yaml',
    generate: (n) => repeat(n, (i) => `  w${i}\n`, 'a: "start\n', '  end"\n'),
  },
  {
    name: 'yaml-block-scalar',
    about: 'a literal block scalar of many lines',
    input: 'yaml',
    generate: (n) => repeat(n, (i) => `  line ${i}\n`, 'a: |\n'),
  },
  { name: 'yaml-big-hex', about: 'a 0x integer as long as the input', input: 'yaml', generate: (n) => 'a: 0x' + 'f'.repeat(n) + '\n' },
  { name: 'yaml-big-octal', about: 'a 0o integer as long as the input', input: 'yaml', generate: (n) => 'a: 0o' + '7'.repeat(n) + '\n' },
  { name: 'yaml-big-decimal', about: 'a decimal integer as long as the input', input: 'yaml', generate: (n) => 'a: ' + '9'.repeat(n) + '\n' },
  {
    name: 'yaml11-big-binary',
    about: 'YAML 1.1 0b integer as long as the input',
    input: 'yaml',
    generate: (n) => '%YAML 1.1\n---\na: 0b' + '1'.repeat(n) + '\n',
  },
  {
    name: 'yaml11-sexagesimal',
    about: 'YAML 1.1 base-60 integer as long as the input',
    input: 'yaml',
    generate: (n) => repeat(n, () => ':59', '%YAML 1.1\n---\na: 1', '\n'),
  },
  { name: 'yaml-tags', about: 'many unknown tags (one warning each)', input: 'yaml', generate: (n) => repeat(n, (i) => `- !t${i} v\n`) },
  { name: 'yaml-bad-tagged-int', about: '`!!int x` values (one warning each)', input: 'yaml', generate: (n) => repeat(n, (i) => `- !!int x${i}\n`) },
  { name: 'yaml-special-floats', about: '.inf/.nan values (one warning each)', input: 'yaml', generate: (n) => repeat(n, () => '- .inf\n') },
  {
    name: 'yaml-json-text-keys',
    about: 'keys with the same JSON text (`1` and "1"): one warning each',
    input: 'yaml',
    generate: (n) => repeat(n, (i) => `${i}: a\n"${i}": b\n`),
  },
  /* ---- JSON ---------------------------------------------------------------------------- */
  { name: 'json-deep', about: '"[" repeated (refused as too deep)', input: 'json', generate: (n) => '['.repeat(n) },
  {
    name: 'json-deep-valid',
    about: '200-deep arrays, repeated',
    input: 'json',
    generate: (n) => repeat(n, () => `${'['.repeat(200)}1${']'.repeat(200)},`, '[', '0]'),
  },
  { name: 'json-many-keys', about: 'one object with many keys', input: 'json', generate: (n) => repeat(n, (i) => `"key${i}":${i},`, '{', '"z":0}') },
  { name: 'json-dup-keys', about: 'one object with the same key repeated', input: 'json', generate: (n) => repeat(n, () => '"a":1,', '{', '"a":2}') },
  { name: 'json-long-string', about: 'one string as long as the input', input: 'json', generate: (n) => '{"a":"' + 'x'.repeat(n) + '"}' },
  { name: 'json-escapes', about: 'one string of escapes', input: 'json', generate: (n) => repeat(n, () => '\\n\\u00e9\\"', '{"a":"', '"}') },
  { name: 'json-unclosed-string', about: 'strings that never close', input: 'json', generate: (n) => repeat(n, () => '"ab\n', '[') },
  { name: 'json-many-errors', about: 'numbers without commas (one error each)', input: 'json', generate: (n) => repeat(n, (i) => `${i} `, '[', ']') },
  { name: 'json-big-number', about: 'one number as long as the input', input: 'json', generate: (n) => '[1' + '0'.repeat(n) + ']' },
  { name: 'json-comments', about: 'JSONC comments between values', input: 'json', generate: (n) => repeat(n, (i) => `// c${i}\n${i},\n`, '[', '0]') },
];

function mergeManyAnchors(n: number): string {
  // Anchors first, then one mapping merging all of them.
  const count = Math.max(1, Math.floor(n / 40));
  const lines: string[] = [];
  for (let i = 0; i < count; i++) lines.push(`a${i}: &a${i} {k${i}: ${i}}`);
  lines.push(`m: {<<: [${Array.from({ length: count }, (_, i) => `*a${i}`).join(', ')}]}`);
  return lines.join('\n') + '\n';
}

function bigAnchor(n: number): string {
  return repeat(n / 2, (i) => `  k${i}: ${i}\n`, 'a: &a\n');
}

function bigCopies(n: number): string {
  const copies = Math.max(1, Math.floor(n / 4 / 24));
  const lines: string[] = [];
  for (let i = 0; i < copies; i++) lines.push(`c${i}: &c${i} {<<: *a}`);
  lines.push(`m: {<<: [${Array.from({ length: copies }, (_, i) => `*c${i}`).join(', ')}]}`);
  return bigAnchor(n) + lines.join('\n') + '\n';
}

function aliasBigNode(n: number): string {
  const items = repeat(Math.floor(n / 2), (i) => `  - {k: v${i}}\n`);
  return `a: &a\n${items}b: *a\nc: *a\nd: *a\ne: *a\n`;
}

function deepBlock(i: number, depth: number): string {
  let s = '';
  for (let d = 0; d < depth; d++) s += ' '.repeat(d) + (d === 0 ? `k${i}` : 'k') + ':\n';
  return s.slice(0, -2) + `: ${i}\n`;
}

/** The ways an input is read: every conversion path and validation. */
export interface HostilePath {
  name: string;
  input: 'yaml' | 'json';
  call: (text: string) => HostileCall;
}

export const HOSTILE_PATHS: HostilePath[] = [
  { name: 'yaml>json', input: 'yaml', call: (input) => ({ kind: 'convert', request: { input, inputType: 'yaml', outputType: 'json' } }) },
  {
    name: 'yaml>jsonc',
    input: 'yaml',
    call: (input) => ({ kind: 'convert', request: { input, inputType: 'yaml', outputType: 'json', preserveComments: true } }),
  },
  { name: 'yaml>yaml', input: 'yaml', call: (input) => ({ kind: 'convert', request: { input, inputType: 'yaml', outputType: 'yaml' } }) },
  {
    name: 'yaml>yaml+c+a',
    input: 'yaml',
    call: (input) => ({ kind: 'convert', request: { input, inputType: 'yaml', outputType: 'yaml', preserveComments: true, preserveAnchors: true } }),
  },
  { name: 'validate yaml', input: 'yaml', call: (input) => ({ kind: 'validate', request: { input, type: 'yaml' } }) },
  { name: 'json>yaml', input: 'json', call: (input) => ({ kind: 'convert', request: { input, inputType: 'json', outputType: 'yaml' } }) },
  { name: 'json>json', input: 'json', call: (input) => ({ kind: 'convert', request: { input, inputType: 'json', outputType: 'json' } }) },
  {
    name: 'json>jsonc',
    input: 'json',
    call: (input) => ({ kind: 'convert', request: { input, inputType: 'json', outputType: 'json', preserveComments: true } }),
  },
  {
    name: 'json>yaml+c',
    input: 'json',
    call: (input) => ({ kind: 'convert', request: { input, inputType: 'json', outputType: 'yaml', preserveComments: true } }),
  },
  { name: 'validate json', input: 'json', call: (input) => ({ kind: 'validate', request: { input, type: 'json' } }) },
  { name: 'validate jsonc', input: 'json', call: (input) => ({ kind: 'validate', request: { input, type: 'jsonc' } }) },
];
