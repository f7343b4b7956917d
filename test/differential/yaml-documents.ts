/**
 * fast-check arbitraries of YAML documents for the differential tests: realistic shapes
 * (block mappings and sequences, compact forms, flow collections, block scalars), tricky
 * scalars, comments in every place, anchors, aliases and merge keys, several documents,
 * and the awkward bytes (tabs, CRLF, BOM, trailing spaces). Rendering makes mostly valid
 * YAML; `mutated` breaks some of it on purpose, so that error paths are exercised too.
 */
import fc from 'fast-check';

/** Scalars that YAML 1.1/1.2 readers type differently, or that need quoting. */
export const TRICKY_SCALARS = [
  'yes',
  'no',
  'No',
  'on',
  'off',
  'y',
  'n',
  'true',
  'True',
  'TRUE',
  'false',
  'FALSE',
  'null',
  'Null',
  'NULL',
  '~',
  '',
  '0x1F',
  '0xff',
  '0o17',
  '0o8',
  '017',
  '0',
  '00',
  '-0',
  '+0',
  '+1',
  '-1',
  '+12',
  '1_000',
  '1:20',
  '190:20:30',
  '.5',
  '-.5',
  '+.5',
  '1.',
  '1.0',
  '1.50',
  '1e3',
  '1E3',
  '1.5e+3',
  '-2.5E-3',
  '6.02e+23',
  '.inf',
  '-.inf',
  '+.inf',
  '.Inf',
  '-.INF',
  '.nan',
  '.NaN',
  '.NAN',
  '12345678901234567890',
  '-98765432109876543210',
  '3.141592653589793238462643383279',
  '0x10000000000000001',
  '2001-12-14',
  '2001-12-14t21:59:43.10-05:00',
  '2001-12-14 21:59:43.10 -5',
  '12:30',
  '1.2.3',
  'a b',
  'a  b',
  'a: b',
  'a:b',
  'a :b',
  'a #b',
  'a#b',
  '#a',
  '- a',
  '-a',
  '--a',
  '---',
  '...',
  "a'b",
  "it's",
  'say "hi"',
  'back\\slash',
  'tab\there',
  'multi\nline',
  'two\n\nbreaks',
  'trailing ',
  ' leading',
  'ünïcødé',
  '日本語',
  '😀 emoji',
  '@at',
  '`tick',
  '%pct',
  '&amp',
  '*star',
  '!bang',
  '|pipe',
  '>gt',
  '[x]',
  '{y}',
  ',comma',
  '?q',
  ':c',
  '? q',
  ': c',
  'k: v',
  'x: y: z',
  'http://example.com/a?b=c#d',
  '${{ matrix.os }}',
  '<<',
  '=',
  'a,b',
  'a[0]',
  'a]b',
  'a}b',
  '\u00a0nbsp',
  'nel\u0085x',
  'ls\u2028x',
  'bom\ufeffx',
  'ctl\u0007x',
  'del\u007fx',
  'a\u00e9',
  '"',
  "'",
  '\\',
] as const;

const WORDS = ['name', 'image', 'ports', 'env', 'value', 'key', 'a', 'b', 'c', 'spec', 'metadata', 'data', 'id', 'x-1', 'with space', 'é'];

const COMMENTS = ['', ' comment', ' TODO: fix', ' a # inside', 'no space', ' ünï', ' - item', ' key: value', ' "quoted"', '\ttab'];

export type ScalarStyle = 'plain' | 'single' | 'double' | 'literal' | 'folded';

export interface ScalarSpec {
  t: 'scalar';
  text: string;
  style: ScalarStyle;
  chomp: '' | '-' | '+';
  indicator: boolean;
  escapes: boolean;
}
export interface AliasSpec {
  t: 'alias';
  pick: number;
}
export interface EntrySpec {
  key: ScalarSpec;
  value: NodeSpec;
  merge: number[] | null;
  before: string | null;
  /** Indentation of the `before` comment relative to the entry (comments need not line up). */
  shift: number;
  blank: boolean;
  trailing: string | null;
  keyOnNext: boolean;
}
export interface MapSpec {
  t: 'map';
  flow: boolean;
  multiline: boolean;
  entries: EntrySpec[];
  /** Comment lines after the last entry, and their indentation relative to the entries. */
  end: string | null;
  endShift: number;
}
export interface SeqSpec {
  t: 'seq';
  flow: boolean;
  multiline: boolean;
  compact: boolean;
  items: { value: NodeSpec; before: string | null; shift: number; trailing: string | null; blank: boolean; onNext: boolean }[];
  end: string | null;
  endShift: number;
}
export type NodeSpec = (ScalarSpec | AliasSpec | MapSpec | SeqSpec) & { anchor?: boolean };

export interface DocSpec {
  root: NodeSpec;
  explicit: boolean;
  markerComment: string | null;
  before: string | null;
}
export interface StreamSpec {
  /** Wild: plain scalars as they come (often invalid); otherwise unsafe plain text is quoted. */
  wild: boolean;
  docs: DocSpec[];
  indent: number;
  crlf: boolean;
  bom: boolean;
  finalNewline: boolean;
  trailingSpaces: boolean;
  after: string | null;
}

const textArb = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...TRICKY_SCALARS) },
  { weight: 3, arbitrary: fc.constantFrom(...WORDS) },
  {
    weight: 2,
    arbitrary: fc
      .array(
        fc.constantFrom(
          'a',
          'b',
          'z',
          ' ',
          '-',
          ':',
          '#',
          '"',
          "'",
          '\\',
          '\t',
          '\n',
          'é',
          '😀',
          '[',
          ']',
          '{',
          '}',
          ',',
          '&',
          '*',
          '!',
          '|',
          '>',
          '%',
          '@',
          '?',
          '.',
          '0',
          '1',
          '9',
          'e',
          '+',
          '~',
        ),
        { maxLength: 14 },
      )
      .map((cs) => cs.join('')),
  },
);

const commentArb = fc.option(fc.constantFrom(...COMMENTS), { freq: 3 });
const shiftArb = fc.constantFrom(0, 0, 0, 0, 2, 4, 1, -2, -4);

export const scalarArb: fc.Arbitrary<ScalarSpec> = fc.record({
  t: fc.constant('scalar' as const),
  text: textArb,
  style: fc.constantFrom<ScalarStyle>('plain', 'plain', 'plain', 'plain', 'double', 'single', 'literal', 'folded'),
  chomp: fc.constantFrom<'' | '-' | '+'>('', '', '-', '+'),
  indicator: fc.boolean(),
  escapes: fc.boolean(),
});

const keyArb: fc.Arbitrary<ScalarSpec> = fc.record({
  t: fc.constant('scalar' as const),
  text: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...WORDS) }, { weight: 1, arbitrary: textArb }),
  style: fc.constantFrom<ScalarStyle>('plain', 'plain', 'plain', 'double', 'single'),
  chomp: fc.constant<''>(''),
  indicator: fc.constant(false),
  escapes: fc.boolean(),
});

const { node: nodeArb } = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 4, arbitrary: tie('scalar') as fc.Arbitrary<NodeSpec> },
    { weight: 3, arbitrary: tie('map') as fc.Arbitrary<NodeSpec> },
    { weight: 2, arbitrary: tie('seq') as fc.Arbitrary<NodeSpec> },
    { weight: 1, arbitrary: tie('alias') as fc.Arbitrary<NodeSpec> },
  ),
  scalar: fc.tuple(scalarArb, fc.nat(4)).map(([s, n]) => ({ ...s, anchor: n === 0 })),
  alias: fc.record({ t: fc.constant('alias' as const), pick: fc.nat(20) }),
  map: fc.record({
    t: fc.constant('map' as const),
    flow: fc.boolean(),
    multiline: fc.boolean(),
    anchor: fc.boolean(),
    entries: fc.array(
      fc.record({
        key: keyArb,
        value: tie('node') as fc.Arbitrary<NodeSpec>,
        merge: fc.option(fc.array(fc.nat(20), { minLength: 1, maxLength: 3 }), { freq: 6 }),
        before: commentArb,
        shift: shiftArb,
        blank: fc.boolean(),
        trailing: commentArb,
        keyOnNext: fc.boolean(),
      }),
      { maxLength: 5 },
    ),
    end: fc.option(fc.constantFrom(...COMMENTS), { freq: 4 }),
    endShift: shiftArb,
  }),
  seq: fc.record({
    t: fc.constant('seq' as const),
    flow: fc.boolean(),
    multiline: fc.boolean(),
    compact: fc.boolean(),
    anchor: fc.boolean(),
    items: fc.array(
      fc.record({
        value: tie('node') as fc.Arbitrary<NodeSpec>,
        before: commentArb,
        shift: shiftArb,
        trailing: commentArb,
        blank: fc.boolean(),
        onNext: fc.boolean(),
      }),
      { maxLength: 5 },
    ),
    end: fc.option(fc.constantFrom(...COMMENTS), { freq: 4 }),
    endShift: shiftArb,
  }),
}));

export { nodeArb };

const docArb: fc.Arbitrary<DocSpec> = fc.record({
  root: nodeArb,
  explicit: fc.boolean(),
  markerComment: commentArb,
  before: commentArb,
});

export const streamArb: fc.Arbitrary<StreamSpec> = fc.record({
  wild: fc.nat(4).map((n) => n === 0),
  docs: fc.array(docArb, { minLength: 1, maxLength: 3 }),
  indent: fc.constantFrom(2, 2, 2, 4, 1, 3),
  crlf: fc.nat(9).map((n) => n < 2),
  bom: fc.nat(9).map((n) => n < 1),
  finalNewline: fc.nat(9).map((n) => n < 8),
  trailingSpaces: fc.nat(9).map((n) => n < 2),
  after: commentArb,
});

/* ------------------------------------------------------------------------- */
/* Rendering                                                                   */
/* ------------------------------------------------------------------------- */

/** Whether `t` reads back as the same plain scalar text in block and flow context. */
function plainSafe(t: string): boolean {
  if (t === '' || t !== t.trim() || /[\n\r\t\u0000-\u001f]/.test(t)) return false;
  if (/^[-?:,[\]{}#&*!|>'"%@`]/.test(t) || /: |:$| #|[,[\]{}]/.test(t)) return false;
  return !/^(?:---|\.\.\.)/.test(t);
}

class Renderer {
  private anchors = 0;
  /** Anchors whose node is complete: safe aliases point only at these. */
  private done: string[] = [];
  constructor(
    private readonly w: number,
    private readonly wild: boolean,
  ) {}

  resetAnchors(): void {
    this.anchors = 0;
    this.done = [];
  }

  /** `&aN ` for an anchored node; the name becomes usable by aliases once `finish` runs. */
  private anchorProp(node: NodeSpec, finish: (() => void)[] = []): string {
    if (!node.anchor) return '';
    const name = `a${this.anchors++}`;
    finish.push(() => this.done.push(name));
    return `&${name} `;
  }

  private aliasName(pick: number): string {
    if (this.wild) return this.anchors === 0 ? '*nowhere' : `*a${pick % this.anchors}`;
    return this.done.length === 0 ? 'x' : `*${this.done[pick % this.done.length]}`;
  }

  private get hasAnchors(): boolean {
    return this.wild ? this.anchors > 0 : this.done.length > 0;
  }

  /** Unique keys unless wild (duplicates are errors the reference reports). */
  private uniqueKeys(entries: EntrySpec[]): ScalarSpec[] {
    const seen = new Set<string>();
    return entries.map((e, i) => {
      if (this.wild) return e.key;
      let k = e.key;
      if (seen.has(k.text) || k.text === '<<') k = { ...k, text: `${k.text}_${i}`, style: 'double' };
      seen.add(k.text);
      return k;
    });
  }

  private comment(c: string | null): string {
    return c === null ? '' : ` #${c}`;
  }

  /** A scalar as a flow node (one line, unless a quoted style folds). */
  flowScalar(s: ScalarSpec, inFlow: boolean): string {
    switch (s.style) {
      case 'double':
        return doubleQuoted(s.text, s.escapes);
      case 'single':
        return "'" + s.text.replace(/'/g, "''") + "'";
      default: {
        // Wild: plain text as it comes (even when that changes the structure: the reference decides).
        const t = s.text.replace(/\n/g, ' ');
        if (!this.wild && !plainSafe(t)) return doubleQuoted(s.text, s.escapes);
        return t;
      }
    }
  }

  /** A node after `key:` or `- ` at a line whose block indentation is `ind`. Returns the text after the indicator. */
  value(node: NodeSpec, ind: number, trailing: string | null, inSeq: boolean, onNext = false): string {
    const finish: (() => void)[] = [];
    const out = this.valueText(node, ind, trailing, inSeq, onNext, finish);
    for (const f of finish) f();
    return out;
  }

  private valueText(node: NodeSpec, ind: number, trailing: string | null, inSeq: boolean, onNext: boolean, finish: (() => void)[]): string {
    const w = this.w;
    const props = node.t === 'alias' ? '' : this.anchorProp(node, finish);
    switch (node.t) {
      case 'alias':
        return ' ' + this.aliasName(node.pick) + this.comment(trailing) + '\n';
      case 'scalar': {
        if (node.style === 'literal' || node.style === 'folded') {
          const head = (node.style === 'literal' ? '|' : '>') + node.chomp + (node.indicator ? String(w) : '');
          const pad = ' '.repeat(ind + w);
          const lines = node.text.split('\n').map((l) => (l === '' ? '' : pad + l));
          return ' ' + props + head + this.comment(trailing) + '\n' + lines.join('\n') + '\n';
        }
        if (node.style === 'plain' && node.text.includes('\n') && (this.wild || node.text.split('\n').every((l) => l === '' || plainSafe(l)))) {
          // A multi-line plain scalar: continuation lines indented under the parent.
          const pad = ' '.repeat(ind + w);
          const [first, ...rest] = node.text.split('\n');
          return ' ' + props + first + rest.map((l) => '\n' + (l === '' ? '' : pad + l)).join('') + this.comment(trailing) + '\n';
        }
        const text = this.flowScalar(node, false);
        if (onNext && text !== '') return this.comment(trailing) + '\n' + ' '.repeat(ind + w) + props + text + '\n';
        return (text === '' && props === '' ? '' : ' ' + props + text) + this.comment(trailing) + '\n';
      }
      case 'map':
      case 'seq': {
        const empty = node.t === 'map' ? node.entries.length === 0 : node.items.length === 0;
        if (node.flow || empty) return ' ' + props + this.flow(node, ind, false) + this.comment(trailing) + '\n';
        const head = (props === '' ? '' : ' ' + props.trimEnd()) + this.comment(trailing) + '\n';
        if (node.t === 'seq' && node.compact && !inSeq) return head + this.block(node, ind);
        return head + this.block(node, ind + w);
      }
    }
  }

  flow(node: NodeSpec, ind: number, withProps = true): string {
    switch (node.t) {
      case 'alias':
        return this.aliasName(node.pick);
      case 'scalar': {
        const finish: (() => void)[] = [];
        const t = this.anchorProp(node, finish) + this.flowScalar(node, true);
        for (const f of finish) f();
        return t;
      }
      case 'map':
      case 'seq': {
        const finish: (() => void)[] = [];
        const props = withProps ? this.anchorProp(node, finish) : '';
        const [open, close] = node.t === 'map' ? ['{', '}'] : ['[', ']'];
        const inner = ind + this.w;
        let parts: string[];
        if (node.t === 'map') {
          const keys = this.uniqueKeys(node.entries);
          parts = node.entries.map((e, i) => this.flowScalar(keys[i]!, true) + ': ' + this.flow(e.value, inner));
        } else parts = node.items.map((i) => this.flow(i.value, inner));
        for (const f of finish) f();
        if (parts.length === 0) return props + open + close;
        if (!node.multiline) return props + open + parts.join(', ') + close;
        const pad = '\n' + ' '.repeat(inner);
        return props + open + pad + parts.join(',' + pad) + '\n' + ' '.repeat(Math.max(ind, 0)) + close;
      }
    }
  }

  /** A block collection whose lines start at indentation `ind`. */
  block(node: MapSpec | SeqSpec, ind: number): string {
    const pad = ' '.repeat(ind);
    const shifted = (shift: number) => ' '.repeat(Math.max(0, ind + shift));
    let out = '';
    if (node.t === 'map') {
      const keys = this.uniqueKeys(node.entries);
      node.entries.forEach((e, i) => {
        if (e.blank) out += '\n';
        if (e.before !== null) out += shifted(e.shift) + '#' + e.before + '\n';
        if (e.merge !== null && this.hasAnchors) {
          const names = e.merge.map((p) => this.aliasName(p));
          out += pad + '<<: ' + (names.length === 1 ? names[0] : '[' + names.join(', ') + ']') + this.comment(e.trailing) + '\n';
          return;
        }
        const key = this.flowScalar(keys[i]!, false);
        out += pad + key + ':' + this.value(e.value, ind, e.trailing, false, e.keyOnNext);
      });
    } else {
      for (const it of node.items) {
        if (it.blank) out += '\n';
        if (it.before !== null) out += shifted(it.shift) + '#' + it.before + '\n';
        const v = it.value;
        if (v.t === 'map' && !v.flow && v.entries.length > 0 && !v.anchor && !it.onNext) {
          // Compact: `- key: value` with the other keys under the first.
          const inner = this.block(v, ind + 2);
          out += pad + '- ' + inner.slice(ind + 2);
          continue;
        }
        if (v.t === 'seq' && !v.flow && v.items.length > 0 && !v.anchor && !it.onNext) {
          const inner = this.block(v, ind + 2);
          out += pad + '- ' + inner.slice(ind + 2);
          continue;
        }
        out += pad + '-' + this.value(v, ind, it.trailing, true, it.onNext);
      }
    }
    if (node.end !== null) out += shifted(node.endShift) + '#' + node.end + '\n';
    return out;
  }

  document(doc: DocSpec): string {
    this.resetAnchors();
    let out = '';
    if (doc.before !== null) out += '#' + doc.before + '\n';
    if (doc.explicit) out += '---' + this.comment(doc.markerComment) + '\n';
    const root = doc.root;
    if ((root.t === 'map' || root.t === 'seq') && !root.flow && (root.t === 'map' ? root.entries.length : root.items.length) > 0) {
      const finish: (() => void)[] = [];
      const props = this.anchorProp(root, finish);
      out += (props === '' ? '' : props.trimEnd() + '\n') + this.block(root, 0);
      for (const f of finish) f();
    } else {
      const v = this.value(root, -this.w, null, false);
      out += v.startsWith(' ') ? v.slice(1) : v;
    }
    return out;
  }
}

function doubleQuoted(text: string, escapes: boolean): string {
  let out = '"';
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (ch === '"') out += '\\"';
    else if (ch === '\\') out += '\\\\';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\t') out += escapes ? '\\t' : '\t';
    else if (c < 0x20 || c === 0x7f) out += '\\x' + c.toString(16).padStart(2, '0');
    else if (escapes && c > 0xffff) out += '\\U' + c.toString(16).padStart(8, '0');
    else if (escapes && c > 0x7f) out += '\\u' + c.toString(16).padStart(4, '0');
    else if (escapes && ch === '/') out += '\\/';
    else if (escapes && ch === ' ') out += '\\ ';
    else out += ch;
  }
  return out + '"';
}

/** The YAML text of a stream spec. */
export function renderStream(spec: StreamSpec): string {
  const r = new Renderer(spec.indent, spec.wild);
  let text = '';
  spec.docs.forEach((d, i) => {
    const doc = r.document(i > 0 && !d.explicit ? { ...d, explicit: true } : d);
    text += doc;
  });
  if (spec.after !== null) text += '#' + spec.after + '\n';
  if (spec.trailingSpaces) text = text.replace(/\n/g, (m, off: number) => (off % 3 === 0 ? '  \n' : m));
  if (!spec.finalNewline) text = text.replace(/\n$/, '');
  if (spec.crlf) text = text.replace(/\n/g, '\r\n');
  if (spec.bom) text = '\ufeff' + text;
  return text;
}

export const yamlTextArb: fc.Arbitrary<string> = streamArb.map(renderStream);

/** Characters that matter to YAML's structure, for mutations. */
const MUTATION_CHARS = [
  ':',
  '-',
  ' ',
  '  ',
  '\t',
  '#',
  '"',
  "'",
  '[',
  ']',
  '{',
  '}',
  ',',
  '&',
  '*',
  '!',
  '|',
  '>',
  '\n',
  '\r',
  '\r\n',
  '?',
  '%',
  '@',
  '\\',
  '---\n',
  '...\n',
  'a',
  '0',
  '<<: *a0\n',
];

/** A document with a few random edits: deletions, insertions of structural characters, swaps. */
export function mutated(base: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc
    .tuple(base, fc.array(fc.tuple(fc.nat(), fc.nat(3), fc.constantFrom(...MUTATION_CHARS)), { minLength: 1, maxLength: 3 }))
    .map(([text, edits]) => {
      let t = text;
      for (const [at, kind, ch] of edits) {
        const i = t.length === 0 ? 0 : at % (t.length + 1);
        if (kind === 0) t = t.slice(0, i) + t.slice(i + 1);
        else if (kind === 1 || kind === 2) t = t.slice(0, i) + ch + t.slice(i);
        else t = t.slice(0, i) + ch + t.slice(i + ch.length);
      }
      return t;
    });
}

/** Lines of YAML-ish text, for line soups: most combinations are odd, many are invalid. */
const SOUP_LINES = [
  'key: value',
  'key:',
  'key: # comment',
  'other: 1',
  'k: &a v',
  'k: *a',
  'k: &m',
  '<<: *m',
  '<<: [*m, *a]',
  '- item',
  '-',
  '- # c',
  '- key: v',
  '- - x',
  '- &a',
  '- *a',
  '- [a, b]',
  '- {k: v}',
  '-   spaced: 1',
  '# comment',
  '#',
  '',
  '  ',
  '\t',
  '\t# tabbed comment',
  'text',
  'more text',
  'a b c',
  'x: y: z',
  'key :  v',
  'k: |',
  'k: >',
  'k: |-',
  'k: >+',
  'k: |2',
  'k: >1-',
  '|',
  '>-',
  '- |',
  '- >',
  'k: | # c',
  '"quoted',
  'still quoted"',
  '"one": 1',
  "'single': 2",
  "'it''s'",
  '"esc \\" \\n \\t"',
  '"\\x41\\u00e9"',
  '"a\\',
  'k: [a,',
  'b, c]',
  ']',
  'k: {a: 1,',
  'b: 2}',
  '}',
  '[',
  '{',
  'k: [',
  '  x',
  'k: []',
  'k: {}',
  '---',
  '--- # c',
  '...',
  '%YAML 1.2',
  '? q',
  ': v',
  '!tag x',
  'k: !!str 1',
  '@x',
  '`x',
  'k: .inf',
  'k: 0x1F',
  'k: 1_000',
  '1: one',
  '1.0: one',
  '"1": one',
  'null: n',
  '~: t',
  'true: x',
  'k: 12345678901234567890',
  'k:\tv',
  'k: v\t',
  'k: v # c',
  'k: "v" # c',
  "k: 'v'#c",
  'k: v#c',
  'key: value   ',
  'ü: ö',
  'k: 😀',
];

/** Random lines at random indentations, joined: stresses indentation and the line rules. */
export const lineSoupArb: fc.Arbitrary<string> = fc
  .tuple(
    fc.array(fc.tuple(fc.constantFrom(0, 0, 0, 1, 2, 2, 2, 3, 4, 4, 6), fc.constantFrom(...SOUP_LINES)), { minLength: 1, maxLength: 12 }),
    fc.nat(9),
  )
  .map(([lines, n]) => {
    const text = lines.map(([ind, l]) => (l === '' ? '' : ' '.repeat(ind) + l)).join('\n') + '\n';
    return n === 0 ? text.replace(/\n/g, '\r\n') : n === 1 ? text.slice(0, -1) : text;
  });
