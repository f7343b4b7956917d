/**
 * The cause behind the `yaml` package's errors about block structure. One key or list item
 * indented one space off makes the parser report what it meets next (a value that seems to
 * run on, a key on its value's line, items without "-"), often on the line before and several
 * times. This reads the block structure line by line, as a person does: the levels open at each
 * line (mappings and sequences by their column), and the first line that fits none of them,
 * which it names with what was expected there ("expected the key at column 3, like `name` on
 * line 2"). readYaml reports that one problem in place of the parser's errors around it.
 *
 * It is a model of the common block layout, not a YAML parser: it is only consulted when the
 * parser found errors, and its problem is used only when parser errors fall inside the lines
 * it blames (see `IndentProblem.firstLine`/`lastLine`). Flow collections, quoted scalars and
 * block scalars spanning lines are stepped over; `?` keys and anything it does not recognise
 * end the model's opinion for that document (it says nothing rather than something wrong).
 */
import { checkDeadline } from '../deadline';
import type { IssueCode } from '../issue-codes';

/** One line that fits no open level, and the lines whose parser errors are its echoes. */
export interface IndentProblem {
  line: number;
  /** 1-based, of the line's first character. */
  column: number;
  code: IssueCode;
  message: string;
  /** Parser errors on lines firstLine..lastLine are its echoes. */
  firstLine: number;
  lastLine: number;
}

type Kind = 'map' | 'seq';

/** An open block mapping or sequence. */
interface Level {
  kind: Kind;
  /** 0-based column of its keys or its "-" indicators. */
  column: number;
  /** The last entry seen at this level: its line and its name (the key, or "-"). */
  line: number;
  name: string;
}

/** What a line holds, left to right: "-" items and a key, each at its column. */
interface Entry {
  kind: Kind;
  column: number;
  name: string;
}

interface LineShape {
  entries: Entry[];
  /** The line's first character (0-based column). */
  indent: number;
  /** The last entry has no value on this line: the next lines, more indented, are its value. */
  opens: boolean;
  /** Lines after it that are its continuation (a block scalar, an open flow collection or quote). */
  continues: 'block-scalar' | 'flow' | 'quote' | null;
}

/** The start of a plain key: not an indicator, a quote or a space. */
const NOT_PLAIN_START = new Set([...' \t#\'"[]{},?|>!&*%@`']);

/**
 * The length of a key and its ":" at the start of `rest` (a plain key, or a quoted one, then
 * ":" and a space or the end of the line), or -1. By hand, not a regular expression: one pass,
 * whatever the line holds.
 */
function keyLength(rest: string): number {
  const c = rest[0];
  if (c === undefined) return -1;
  let i: number;
  if (c === '"' || c === "'") {
    i = quoteEnd(rest);
    if (i < 0) return -1;
    while (rest[i] === ' ' || rest[i] === '\t') i++;
    return rest[i] === ':' && isBreakOrBlank(rest[i + 1]) ? i + 1 : -1;
  }
  if (NOT_PLAIN_START.has(c) || (c === '-' && isBreakOrBlank(rest[1]))) return -1;
  for (i = 1; i < rest.length; i++) {
    const d = rest[i];
    if (d === ':' && isBreakOrBlank(rest[i + 1])) return i + 1;
    if (d === '#' && (rest[i - 1] === ' ' || rest[i - 1] === '\t')) return -1;
  }
  return -1;
}

/** Past the closing quote of the quoted scalar `text` starts with, or -1 when it does not close on this line. */
function quoteEnd(text: string): number {
  const q = text[0]!;
  for (let i = 1; i < text.length; i++) {
    if (text[i] === '\\' && q === '"') i++;
    else if (text[i] === q) {
      if (q === "'" && text[i + 1] === "'") i++;
      else return i + 1;
    }
  }
  return -1;
}

function isBreakOrBlank(c: string | undefined): boolean {
  return c === undefined || c === ' ' || c === '\t';
}

/** The words of a value before its comment. */
function wordsOf(value: string): string[] {
  const words: string[] = [];
  for (const word of value.split(/[ \t]+/)) {
    if (word === '') continue;
    if (word.startsWith('#')) break;
    words.push(word);
  }
  return words;
}

const isProperty = (word: string) => word.startsWith('&') || word.startsWith('!');

/** A value that leaves the entry open: nothing, a comment, or only anchors and tags. */
function opensBlock(value: string): boolean {
  return wordsOf(value).every(isProperty);
}

/** A block scalar header (`|`, `>-`, `|2+`...), after any anchor or tag. */
function isBlockScalarHeader(value: string): boolean {
  const words = wordsOf(value);
  const last = words.pop();
  return last !== undefined && words.every(isProperty) && /^[|>][-+0-9]*$/.test(last);
}

/** The column where a line's text starts, or -1 for a blank or comment-only line, or a tab in its indentation. */
function indentOf(line: string): number {
  let i = 0;
  while (line.charCodeAt(i) === 32) i++;
  if (i === line.length || line[i] === '#') return -1;
  if (line[i] === '\t') return -2;
  return i;
}

/** Reads what a line holds from `indent` on; null for what the model does not take (`? ` keys, directives). */
function shapeOf(line: string, indent: number): LineShape | null {
  const entries: Entry[] = [];
  let i = indent;
  for (;;) {
    const c = line[i];
    if (c === '-' && (i + 1 === line.length || line[i + 1] === ' ')) {
      entries.push({ kind: 'seq', column: i, name: '-' });
      i++;
      while (line[i] === ' ') i++;
      if (i === line.length || line[i] === '#') return { entries, indent, opens: true, continues: null };
      continue;
    }
    if (c === '?' && (i + 1 === line.length || line[i + 1] === ' ')) return null;
    const rest = line.slice(i);
    const length = keyLength(rest);
    if (length > 0) {
      entries.push({ kind: 'map', column: i, name: rest.slice(0, length - 1).trimEnd() });
      const value = rest.slice(length).trim();
      if (opensBlock(value)) return { entries, indent, opens: true, continues: null };
      return { entries, indent, opens: false, continues: continuation(value) };
    }
    return { entries, indent, opens: false, continues: continuation(rest) };
  }
}

/** Whether a value goes on to the next lines as something the model steps over. */
function continuation(value: string): LineShape['continues'] {
  if (isBlockScalarHeader(value)) return 'block-scalar';
  const c = value[0];
  if ((c === '[' || c === '{') && !balanced(value)) return 'flow';
  if ((c === '"' || c === "'") && quoteEnd(value) < 0) return 'quote';
  return null;
}

function balanced(text: string): boolean {
  let depth = 0;
  let quote = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === '\\' && quote === '"') i++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '[' || c === '{') depth++;
    else if (c === ']' || c === '}') depth--;
    else if (c === '#' && depth <= 0) break;
  }
  return depth <= 0;
}

const NAMES: Record<Kind, string> = { map: 'the key', seq: 'the item "-"' };

/** Reads the block structure of `text` line by line; every line that fits no open level. */
export function indentProblems(text: string): IndentProblem[] {
  return new IndentModel(text.split(/\r\n|\r|\n/)).run();
}

class IndentModel {
  private readonly problems: IndentProblem[] = [];
  private levels: Level[] = [];
  /** The column the next line's value must be deeper than, when the last line left an entry open. */
  private openAt = -1;
  private openKind: Kind | null = null;
  /** Whether the previous line ended in a scalar, which a plain continuation may follow. */
  private scalarBefore = false;
  /** The problem whose echoes go on while lines stay deeper than `problemColumn`. */
  private open: IndentProblem | null = null;
  private problemColumn = 0;

  constructor(private readonly lines: string[]) {}

  run(): IndentProblem[] {
    const lines = this.lines;
    for (let n = 0; n < lines.length; n++) {
      checkDeadline();
      const line = lines[n]!;
      if (/^(?:---|\.\.\.)(?:[ \t]|$)/.test(line) || line.startsWith('%')) {
        this.reset();
        continue;
      }
      const indent = indentOf(line);
      if (indent === -1) continue;
      if (indent === -2) return this.finish(); // tabs: the parser's TAB_INDENT says it
      const shape = shapeOf(line, indent);
      if (shape === null) return this.finish();
      if (this.open !== null) {
        if (indent > this.problemColumn) this.open.lastLine = n + 1;
        else this.open = null;
      }
      this.place(shape, n + 1);
      n = this.skipContinuation(shape, n);
    }
    return this.finish();
  }

  private finish(): IndentProblem[] {
    return this.problems;
  }

  private reset(): void {
    this.levels = [];
    this.openAt = -1;
    this.openKind = null;
    this.scalarBefore = false;
    this.open = null;
  }

  /** Past the lines that continue `shape`'s value (from line index `n`); returns the last one's index. */
  private skipContinuation(shape: LineShape, n: number): number {
    const lines = this.lines;
    if (shape.continues === 'block-scalar') {
      // The scalar's lines: blank, or indented deeper than its key (or "-").
      const owner = shape.entries.length > 0 ? shape.entries[shape.entries.length - 1]!.column : shape.indent;
      while (n + 1 < lines.length && (lines[n + 1]!.trim() === '' || leadingSpaces(lines[n + 1]!) > owner)) {
        checkDeadline();
        n++;
      }
      return n;
    }
    if (shape.continues === null) return n;
    // An open flow collection or quote: stepped over to where it closes (if it never does, the
    // parser's UNCLOSED_* error says so).
    const line = lines[n]!;
    const scan = new FlowScan();
    scan.feed(line.slice(shape.continues === 'flow' ? line.search(/[[{]/) : line.search(/["']/)));
    while (!scan.done() && n + 1 < lines.length) {
      checkDeadline();
      scan.feed(lines[++n]!);
    }
    return n;
  }

  /** Checks the line's first entry against the open levels, then opens its own. */
  private place(shape: LineShape, lineNumber: number): void {
    const first = shape.entries[0];
    const column = shape.indent;
    if (first === undefined) {
      // Text with no key and no "-": a plain scalar going on, or a key missing its ":".
      this.placeText(shape, lineNumber);
      return;
    }
    const fits = this.fitsOpenEntry(first) || this.fitsLevel(first, column);
    if (!fits) this.misplaced(first, lineNumber, shape.opens && shape.entries.length === 1);
    this.openEntries(shape, lineNumber, fits);
  }

  /** The line starts the value of the entry the previous line left open. */
  private fitsOpenEntry(first: Entry): boolean {
    if (this.openAt < 0) return false;
    const deeper = first.column > this.openAt || (first.column === this.openAt && first.kind === 'seq' && this.openKind === 'map');
    if (!deeper) return false;
    this.levels.push({ kind: first.kind, column: first.column, line: 0, name: first.name });
    return true;
  }

  /** The line is an entry of an open level (closing the deeper ones). */
  private fitsLevel(first: Entry, column: number): boolean {
    const levels = this.levels;
    const before = levels.length;
    while (levels.length > 0 && levels[levels.length - 1]!.column > column) levels.pop();
    // A sequence at its parent key's column ends where the next key comes.
    while (levels.length > 1 && first.kind === 'map' && levels[levels.length - 1]!.kind === 'seq' && levels[levels.length - 2]!.column === column) {
      levels.pop();
    }
    const top = levels[levels.length - 1];
    if (top === undefined) {
      if (before > 0) return false;
      levels.push({ kind: first.kind, column, line: 0, name: first.name });
      return true;
    }
    return top.column === column && top.kind === first.kind;
  }

  /** Text alone on its line: fine below a scalar value (it goes on), else a key missing its ":". */
  private placeText(shape: LineShape, lineNumber: number): void {
    const top = this.levels[this.levels.length - 1];
    if (this.scalarBefore && top !== undefined && shape.indent > top.column) return;
    if (this.openAt >= 0 && shape.indent > this.openAt) {
      this.openAt = -1;
      this.scalarBefore = true;
      return;
    }
    if (top === undefined) return;
    const level = this.nearestLevel('map', shape.indent, -1) ?? top;
    const like = level.line > 0 ? `, like \`${level.name}\` on line ${level.line}` : '';
    this.report(
      lineNumber,
      shape.indent,
      'MISSING_CHAR',
      `Expected a key followed by ":" at column ${level.column + 1}${like}; is the ":" missing?`,
      level.column,
    );
    this.openAt = -1;
    this.scalarBefore = false;
  }

  /** An entry where no open level takes it: reported with the level it most likely belongs to. */
  private misplaced(first: Entry, lineNumber: number, opens: boolean): void {
    const level = this.nearestLevel(first.kind, first.column, opens ? this.nextIndent(lineNumber) : -1);
    if (level === undefined) {
      this.report(
        lineNumber,
        first.column,
        'BAD_INDENT',
        `${capitalised(NAMES[first.kind])} at column ${first.column + 1} is indented differently from everything around it.`,
        first.column,
      );
      return;
    }
    const off = first.column - level.column;
    const how = `${Math.abs(off)} space${Math.abs(off) === 1 ? '' : 's'} too ${off > 0 ? 'far' : 'little'}`;
    const like =
      level.line === 0 ? '' : level.kind === 'seq' ? `, like the "-" on line ${level.line}` : `, like \`${level.name}\` on line ${level.line}`;
    const name = first.kind === 'map' ? `The key \`${first.name}\`` : 'This item';
    this.report(
      lineNumber,
      first.column,
      'BAD_INDENT',
      `${name} is indented ${how}: expected ${NAMES[first.kind]} at column ${level.column + 1}${like}.`,
      Math.min(level.column, first.column),
    );
    // Read on as if the line were where it belongs.
    this.levels = this.allLevels.slice(0, this.allLevels.indexOf(level) + 1);
    this.shift = level.column - first.column;
  }

  /**
   * The open level of `kind` whose column is nearest `column`, among those this line could have
   * meant. Between two as near, the deeper one (the previous line's), unless the line opens a
   * block whose first line (at `childIndent`) is not deeper than that: then the shallower one,
   * whose child the block can be.
   */
  private nearestLevel(kind: Kind, column: number, childIndent: number): Level | undefined {
    let best: Level | undefined;
    for (const level of this.allLevels) {
      if (level.kind !== kind) continue;
      const distance = Math.abs(level.column - column);
      const bestDistance = best === undefined ? Infinity : Math.abs(best.column - column);
      if (distance < bestDistance || (distance === bestDistance && !(childIndent >= 0 && childIndent <= level.column))) best = level;
    }
    return best;
  }

  /** The indentation of the next line with content after `lineNumber` (1-based), or -1. */
  private nextIndent(lineNumber: number): number {
    for (let n = lineNumber; n < this.lines.length; n++) {
      const indent = indentOf(this.lines[n]!);
      if (indent >= 0) return indent;
    }
    return -1;
  }

  /** How far the last misplaced line was from where it belongs (its other entries move with it). */
  private shift = 0;

  /** The levels open before the current line closed any (the stack as the previous line left it). */
  private allLevels: Level[] = [];

  /** Opens the levels of the line's entries, and notes what the next line may do. */
  private openEntries(shape: LineShape, lineNumber: number, fits: boolean): void {
    const levels = this.levels;
    shape.entries.forEach((entry, i) => {
      if (i > 0) levels.push({ kind: entry.kind, column: entry.column + (fits ? 0 : this.shift), line: lineNumber, name: entry.name });
      else if (fits) {
        // The level's example for later messages (not a misplaced line's).
        const top = levels[levels.length - 1]!;
        top.line = lineNumber;
        top.name = entry.name;
      }
    });
    const last = shape.entries[shape.entries.length - 1]!;
    this.openAt = shape.opens ? last.column + (fits ? 0 : this.shift) : -1;
    this.openKind = shape.opens ? last.kind : null;
    this.scalarBefore = !shape.opens;
    this.allLevels = levels.slice();
  }

  private report(line: number, column: number, code: IssueCode, message: string, echoColumn: number): void {
    // Inside the block an earlier problem broke, lines that fit nowhere are its echoes.
    if (this.open !== null) return;
    const problem: IndentProblem = { line, column: column + 1, code, message, firstLine: Math.max(1, this.previousLineNumber(line)), lastLine: line };
    this.problems.push(problem);
    this.open = problem;
    this.problemColumn = echoColumn;
  }

  /** The line before `line` with content (parser errors often point at the end of its value). */
  private previousLineNumber(line: number): number {
    for (let n = line - 2; n >= 0; n--) if (indentOf(this.lines[n]!) >= 0) return n + 1;
    return line;
  }
}

function leadingSpaces(line: string): number {
  let i = 0;
  while (line.charCodeAt(i) === 32) i++;
  return i;
}

/** Brackets and quotes across lines, to where an open flow collection or quoted scalar closes. */
class FlowScan {
  private depth = 0;
  private quote = '';
  private started = false;

  feed(text: string): void {
    for (let i = 0; i < text.length; i++) {
      const c = text[i]!;
      if (this.quote) {
        if (c === '\\' && this.quote === '"') i++;
        else if (c === this.quote) {
          if (c === "'" && text[i + 1] === "'") i++;
          else this.quote = '';
        }
      } else if (c === '"' || c === "'") this.quote = c;
      else if (c === '[' || c === '{') this.depth++;
      else if (c === ']' || c === '}') this.depth--;
      else if (c === '#' && (i === 0 || text[i - 1] === ' ')) break;
      this.started = true;
      if (this.depth <= 0 && !this.quote) return;
    }
  }

  done(): boolean {
    return this.started && this.depth <= 0 && !this.quote;
  }
}

function capitalised(text: string): string {
  return text[0]!.toUpperCase() + text.slice(1);
}
