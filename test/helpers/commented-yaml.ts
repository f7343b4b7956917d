/**
 * Test-only: YAML with comments at every legal place, from a small generator driven by a list
 * of choices (so fast-check can shrink a failure to a short list): block mappings and
 * sequences, plain and quoted scalars, flow collections, block scalars of every style and
 * chomping (empty ones too), empty values, comments above keys and items, at the end of lines
 * after scalars, after `key:` of a collection, after flow collections, on block scalar headers,
 * after block scalars, after the last entry of a collection, at document start and end,
 * between documents, after `...`, and streams of only comments; anchors, aliases and merge
 * keys (`<<: *a2`) among them. Comment texts are the ones a
 * normalising writer would change (`#x`, `## x`, `#  x  `, `#`). Names are unique (`k1`,
 * `v2`) so a comment's line says which node it is on (comment-check.ts).
 */
import fc from 'fast-check';

const MAX_DEPTH = 3;

/** Writes a YAML stream line by line from a list of choices (read in turn, 0 once used up). */
export class CommentedYaml {
  private readonly lines: string[] = [];
  private next = 0;
  private keys = 0;
  private values = 0;
  private comments = 0;
  /** Anchors of the document so far: names of mappings, and of anything. */
  private mapAnchors: string[] = [];
  private anchors: string[] = [];
  private anchorCount = 0;

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
      this.mapAnchors = [];
      this.anchors = [];
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

  /** Maybe an anchor (` &a3`) for the node about to be written; `then` runs once it is written (aliases may use it from then on). */
  private anchor(isMap: boolean, write: (anchor: string) => void): void {
    if (this.pick(5) !== 0) {
      write('');
      return;
    }
    const name = `a${++this.anchorCount}`;
    write(` &${name}`);
    this.anchors.push(name);
    if (isMap) this.mapAnchors.push(name);
  }

  private blockMap(indent: number, depth: number): void {
    const entries = 1 + this.pick(3);
    if (this.mapAnchors.length > 0 && this.pick(3) === 0) {
      this.ownLines(indent);
      this.lines.push(`${' '.repeat(indent)}<<: *${this.mapAnchors[this.pick(this.mapAnchors.length)]}${this.eol()}`);
    }
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
        if (this.anchors.length > 0 && this.pick(2) === 0) this.lines.push(`${prefix} *${this.anchors[this.pick(this.anchors.length)]}${this.eol()}`);
        else this.anchor(false, (a) => this.lines.push(`${prefix}${a} ${this.value()}${this.eol()}`));
        return;
      case 1:
        this.lines.push(`${prefix} "${this.value()} # not a comment"${this.eol()}`);
        return;
      case 2: {
        const text = this.flow(0);
        this.anchor(text.startsWith('{'), (a) => this.lines.push(`${prefix}${a} ${text}${this.eol()}`));
        return;
      }
      case 3:
        this.lines.push(prefix + this.eol()); // an empty value: null
        return;
      case 4:
      case 5:
        this.blockScalar(prefix + ' ', indent + 2);
        return;
      case 6:
        this.anchor(true, (a) => {
          this.lines.push(prefix + a + this.eol());
          this.blockMap(indent + 2, depth + 1);
        });
        return;
      default:
        this.anchor(false, (a) => {
          this.lines.push(prefix + a + this.eol());
          this.blockSeq(indent + 2, depth + 1);
        });
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

/** Generated YAML streams with comments. */
export function arbitraryCommentedYaml(): fc.Arbitrary<string> {
  return fc.array(fc.nat({ max: 1000 }), { minLength: 10, maxLength: 300 }).map((choices) => new CommentedYaml(choices).text());
}
