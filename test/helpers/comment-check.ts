/**
 * Test-only: the comments of a YAML or JSONC text, in order, with where each sits (alone on
 * its line, or at the end of a line and after what), and the check asked of
 * preserveComments: every comment of the input is in the output with the same text, in the
 * same order, an end-of-line comment still at the end of the line of the same node.
 */
import { Parser } from 'yaml';

export interface FoundComment {
  /** The text after `#` or `//`, exactly. */
  text: string;
  /** Alone on its line (only white space before it). */
  ownLine: boolean;
  /** What is on its line before it. */
  before: string;
  /** Some of what follows its line. */
  after: string;
}

function lineBefore(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return text.slice(lineStart, offset);
}

function found(text: string, offset: number, markerLength: number, end: number): FoundComment {
  const before = lineBefore(text, offset);
  return { text: text.slice(offset + markerLength, end), ownLine: before.trim() === '', before, after: text.slice(end, end + 200) };
}

/** Every `#` comment of a YAML text (from the `yaml` package's syntax tree, so `#` inside scalars is not one). */
export function yamlComments(text: string): FoundComment[] {
  const out: { offset: number; source: string }[] = [];
  const stack: unknown[] = [...new Parser().parse(text)];
  while (stack.length > 0) {
    const t = stack.pop();
    if (Array.isArray(t)) {
      stack.push(...t);
      continue;
    }
    if (!t || typeof t !== 'object') continue;
    const token = t as Record<string, unknown>;
    if (token.type === 'comment') {
      out.push({ offset: token.offset as number, source: token.source as string });
      continue;
    }
    for (const key of ['start', 'props', 'key', 'sep', 'value', 'items', 'end']) {
      const v = token[key];
      if (v && typeof v === 'object') stack.push(v);
    }
  }
  out.sort((a, b) => a.offset - b.offset);
  return out.map((c) => found(text, c.offset, 1, c.offset + c.source.length));
}

/** Every `//` comment of a JSONC text as writeJson writes it (no block comments), skipping strings. */
export function jsoncComments(text: string): FoundComment[] {
  const out: FoundComment[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
    } else if (c === '/' && text[i + 1] === '/') {
      let end = text.indexOf('\n', i);
      if (end < 0) end = text.length;
      out.push(found(text, i, 2, end));
      i = end;
    }
  }
  return out;
}

/** The first `k<n>` or `v<n>` word (the generators' unique names) in a line's text, or null. */
export function nodeName(before: string): string | null {
  return /\b[kv]\d+\b/.exec(before)?.[0] ?? null;
}

/** The node an end-of-line comment of the output is on: named on its line, or after an opening bracket alone (JSONC) the first one named after it. */
function outputNodeName(c: FoundComment): string | null {
  const name = nodeName(c.before);
  if (name !== null) return name;
  return /[[{]\s*$/.test(c.before) ? nodeName(c.after) : null;
}

/**
 * What is wrong with `output`'s comments against `input`'s (none: []): the same texts in the
 * same order; a comment alone on its line stays alone on its line; one at the end of a line
 * that names a node (`k3`, `v7`) stays at the end of a line naming that node.
 */
export function commentProblems(input: FoundComment[], output: FoundComment[]): string[] {
  const problems: string[] = [];
  const want = input.map((c) => c.text);
  const got = output.map((c) => c.text);
  if (JSON.stringify(want) !== JSON.stringify(got)) {
    problems.push(`comment texts differ:\n  in:  ${JSON.stringify(want)}\n  out: ${JSON.stringify(got)}`);
    return problems;
  }
  input.forEach((c, i) => {
    const o = output[i]!;
    if (c.ownLine && !o.ownLine) problems.push(`comment ${JSON.stringify(c.text)} was alone on its line, now after ${JSON.stringify(o.before)}`);
    if (!c.ownLine) {
      const name = nodeName(c.before);
      if (name === null) return; // after `---` or `...`: a line that may not be written again
      if (o.ownLine || outputNodeName(o) !== name) {
        problems.push(
          `comment ${JSON.stringify(c.text)} was at the end of ${JSON.stringify(c.before)}, now ${o.ownLine ? 'alone on its line' : `after ${JSON.stringify(o.before)}`}`,
        );
      }
    }
  });
  return problems;
}
