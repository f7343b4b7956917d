/**
 * Property (issue 12 §1): YAML with comments at every legal place -> YAML and -> JSONC with
 * preserveComments keeps every comment's text byte for byte, in the same order, each alone
 * on its line or at the end of the line of the same node as in the input, and the data reads
 * back equal. Checked on both YAML readers (the fast one and readYaml).
 *
 * The documents come from a small generator driven by a list of choices (so fast-check can
 * shrink a failure to a short list): block mappings and sequences, plain and quoted scalars,
 * flow collections, block scalars of every style and chomping (empty ones too), empty values,
 * comments above keys and items, at the end of lines after scalars, after `key:` of a
 * collection, after flow collections, on block scalar headers, after block scalars, after
 * the last entry of a collection, at document start and end, between documents, and streams
 * of only comments. Names are unique (`k1`, `v2`) so a comment's line says which node it is on.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convert } from '../../lib/converter/index';
import { commentProblems, jsoncComments, yamlComments } from '../helpers/comment-check';
import { fuzzSeed } from '../helpers/fuzz-seed';

/** Multiplies the run count for a longer hunt: PRESERVE_COMMENTS_RUNS=20 npx vitest run test/property/preserve-comments */
const SCALE = Number(process.env.PRESERVE_COMMENTS_RUNS ?? '1') || 1;

const MAX_DEPTH = 3;

/** Writes a YAML stream line by line from a list of choices (read in turn, 0 once used up). */
class CommentedYaml {
  private readonly lines: string[] = [];
  private next = 0;
  private keys = 0;
  private values = 0;
  private comments = 0;

  constructor(private readonly choices: number[]) {}

  text(): string {
    this.stream();
    return this.lines.join('\n') + '\n';
  }

  private pick(n: number): number {
    return (this.choices[this.next++] ?? 0) % n;
  }

  private key(): string {
    return `k${++this.keys}`;
  }

  private value(): string {
    return `v${++this.values}`;
  }

  /** A comment with a text that a normalising writer would change. */
  private comment(): string {
    const n = ++this.comments;
    const texts = [` c${n}`, `c${n}`, `# c${n}`, `  c${n}  `, ` c${n} # and: [more]`, `## c${n} ##`, '', `\tc${n}`];
    return '#' + texts[this.pick(texts.length)];
  }

  /** Maybe an end-of-line comment (with the spaces before it). */
  private eol(): string {
    return this.pick(2) === 0 ? ' '.repeat(1 + this.pick(3)) + this.comment() : '';
  }

  /** Maybe comment lines at `indent`. */
  private ownLines(indent: number, atLeastOne = false): void {
    const n = atLeastOne ? 1 + this.pick(2) : this.pick(4) === 0 ? 1 + this.pick(2) : 0;
    for (let i = 0; i < n; i++) this.lines.push(' '.repeat(indent) + this.comment());
  }

  private stream(): void {
    const kind = this.pick(5);
    if (kind === 0) {
      this.ownLines(0, true); // a stream of only comments
      return;
    }
    const documents = kind === 1 ? 2 + this.pick(2) : 1;
    for (let d = 0; d < documents; d++) {
      this.ownLines(0);
      if (d > 0 || this.pick(3) === 0) this.lines.push('---' + this.eol());
      this.ownLines(0);
      this.root();
      this.ownLines(0);
    }
    if (this.pick(4) === 3) {
      this.lines.push('...' + this.eol());
      this.ownLines(0);
    }
  }

  private root(): void {
    switch (this.pick(6)) {
      case 0:
        this.blockSeq(0, 1);
        return;
      case 1:
        this.lines.push(this.value() + this.eol());
        return;
      case 2:
        this.lines.push(this.flow(0) + this.eol());
        return;
      case 3:
        this.blockScalar('', 0);
        return;
      default:
        this.blockMap(0, 1);
    }
  }

  private blockMap(indent: number, depth: number): void {
    const entries = 1 + this.pick(3);
    for (let i = 0; i < entries; i++) {
      this.ownLines(indent);
      this.node(`${' '.repeat(indent)}${this.key()}:`, indent, depth);
    }
    this.ownLines(indent);
  }

  private blockSeq(indent: number, depth: number): void {
    const items = 1 + this.pick(3);
    for (let i = 0; i < items; i++) {
      this.ownLines(indent);
      this.node(`${' '.repeat(indent)}-`, indent, depth);
    }
    this.ownLines(indent);
  }

  /** A value after `prefix` (`  k1:` or `  -`) of a collection at `indent`. */
  private node(prefix: string, indent: number, depth: number): void {
    switch (this.pick(depth >= MAX_DEPTH ? 6 : 8)) {
      case 0:
        this.lines.push(`${prefix} ${this.value()}${this.eol()}`);
        return;
      case 1:
        this.lines.push(`${prefix} "${this.value()} # not a comment"${this.eol()}`);
        return;
      case 2:
        this.lines.push(`${prefix} ${this.flow(0)}${this.eol()}`);
        return;
      case 3:
        this.lines.push(prefix + this.eol()); // an empty value: null
        return;
      case 4:
      case 5:
        this.blockScalar(prefix + ' ', indent + 2);
        return;
      case 6:
        this.lines.push(prefix + this.eol());
        this.blockMap(indent + 2, depth + 1);
        return;
      default:
        this.lines.push(prefix + this.eol());
        this.blockSeq(indent + 2, depth + 1);
    }
  }

  /** A flow collection on one line (nested once at most). */
  private flow(level: number): string {
    const n = this.pick(4);
    const seq = this.pick(2) === 0;
    const parts: string[] = [];
    for (let i = 0; i < n; i++) {
      const inner = level === 0 && this.pick(4) === 0 ? this.flow(1) : this.pick(3) === 0 ? `"${this.value()}, x"` : this.value();
      parts.push(seq ? inner : `${this.key()}: ${inner}`);
    }
    return seq ? `[${parts.join(', ')}]` : `{${parts.join(', ')}}`;
  }

  /** `|` or `>` with a chomping indicator, maybe a comment on its header, then 0 to 3 lines at `indent` (blank ones too). */
  private blockScalar(prefix: string, indent: number): void {
    const header = (this.pick(2) === 0 ? '|' : '>') + ['', '-', '+'][this.pick(3)];
    this.lines.push(prefix + header + this.eol());
    const contentIndent = Math.max(indent, 2);
    const n = this.pick(4);
    for (let i = 0; i < n; i++) {
      const line = [`text ${this.value()}`, 'a # b // c', '', `more ${this.value()}  `][this.pick(4)];
      this.lines.push(line === '' ? '' : ' '.repeat(contentIndent) + line);
    }
    if (n > 0 && this.pick(3) === 0) this.lines.push('');
  }
}

const toJson = (input: string, inputType: 'yaml' | 'json', fastYaml = true) => convert({ input, inputType, outputType: 'json' }, { fastYaml }).output;

const arbitraryYaml = fc.array(fc.nat({ max: 1000 }), { minLength: 10, maxLength: 300 }).map((choices) => new CommentedYaml(choices).text());

function check(input: string): void {
  const inputComments = yamlComments(input);
  const data = toJson(input, 'yaml', false);
  for (const fastYaml of [true, false]) {
    const way = fastYaml ? 'fast reader' : 'readYaml';
    const yaml = convert({ input, inputType: 'yaml', outputType: 'yaml', preserveComments: true }, { fastYaml }).output;
    expect(commentProblems(inputComments, yamlComments(yaml)), `YAML -> YAML (${way})\n--- input:\n${input}--- output:\n${yaml}`).toEqual([]);
    expect(toJson(yaml, 'yaml'), `YAML -> YAML data (${way})\n--- output:\n${yaml}`).toBe(data);

    const jsonc = convert({ input, inputType: 'yaml', outputType: 'json', preserveComments: true }, { fastYaml }).output;
    expect(commentProblems(inputComments, jsoncComments(jsonc)), `YAML -> JSONC (${way})\n--- input:\n${input}--- output:\n${jsonc}`).toEqual([]);
    expect(toJson(jsonc, 'json'), `YAML -> JSONC data (${way})\n--- output:\n${jsonc}`).toBe(data);
  }
}

describe('preserveComments keeps every comment exactly (property)', () => {
  it('the generator writes valid YAML with comments at every place it knows', () => {
    // Guards the property below from passing on inputs without comments or that do not parse.
    let withComments = 0;
    fc.assert(
      fc.property(arbitraryYaml, (input) => {
        expect(() => toJson(input, 'yaml', false), input).not.toThrow();
        if (yamlComments(input).length > 0) withComments++;
      }),
      { numRuns: 100, seed: fuzzSeed(1201) },
    );
    expect(withComments).toBeGreaterThan(80);
  });

  it('YAML -> YAML and YAML -> JSONC keep each comment text, order and line, and the data', () => {
    fc.assert(fc.property(arbitraryYaml, check), { numRuns: 300 * SCALE, seed: fuzzSeed(1202) });
  });

  it('the cases issue 12 lists', () => {
    for (const input of [
      '# c\n',
      '## x\n#x\na: 1 #x\n',
      'jobs:\n  - run: |\n      make\n  # next step\n  - run: test\n',
      'p: {}  # c1\nq: 1\n',
      'a: [1, 2]  # c\n',
      'a: > # c\n  text\n',
      'a: |-\n# about b\nb: 1\n',
    ]) {
      check(input);
    }
  });
});
