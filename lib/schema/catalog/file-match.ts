// Which catalog schema a file name asks for (`schema: "auto"` with `filename`; the CLI's `--schema
// auto`; the playground's "match by file name"), by SchemaStore's `fileMatch` patterns, read the way
// the editors that use the catalog read them (vscode-json-languageservice, which the YAML language
// server builds on). The decisions, also in README.md:
// - Path, not base name: the pattern is prefixed with `**/` (a leading `/` dropped first) and matched
//   against the whole path given, so `tsconfig*.json` matches `tsconfig.json` in any folder, and
//   `**/.github/workflows/*.yml` matches `.github/workflows/ci.yml` and `repo/.github/workflows/ci.yml`
//   but not `workflows/ci.yml`. `\` counts as `/`; a leading `./` is dropped.
// - Globs: `*` is any run of characters within a path segment, `**` any number of whole segments, `?`
//   one character other than `/`, `{a,b}` either; anything else is literal.
//   `!(a|b)` (two GitHub patterns, `!(config).yml`) is read as the catalog means it, a name that is
//   not `a` or `b`, where the editors take it literally and never match.
// - Case counts, as in the editors (`Chart.yaml`, not `chart.yaml`).
// - When several entries match: the one whose pattern says more, counted in literal characters (so
//   `**/.github/ISSUE_TEMPLATE/config.yml` wins over `*.yml`-like patterns), then the one with fewer
//   wildcards, then the catalog's order. The editors apply every match at once; one answer names
//   one schema.
// Patterns run on RE2 (re2js): linear time whatever the name.
import { RE2JS } from 're2js';
import type { CatalogEntry, ExternalEntry } from './types';

/** Longer file names are refused by the API (request-schemas.ts); real paths are far shorter. */
export const MAX_FILENAME_CHARS = 1024;

export interface FileMatch<E> {
  entry: E;
  /** The pattern that matched, as the catalog writes it. */
  pattern: string;
}

interface CompiledPattern {
  pattern: string;
  /** The literal text after the last wildcard: a cheap test before the expression. */
  tail: string;
  include: RE2JS;
  /** For `!(...)`: the same pattern with the excluded names in its place; a name it matches is not a match. */
  exclude: RE2JS | null;
  literalChars: number;
  wildcards: number;
}

/** The path as patterns see it: `/` separators, no leading `./`. */
export function normalizeFileName(fileName: string): string {
  let name = fileName.replace(/\\/g, '/').replace(/\/{2,}/g, '/');
  while (name.startsWith('./')) name = name.slice(2);
  return name;
}

/** `**` as a whole segment (or at an end), `*` and `?` within one, `{a,b}`, `!(a|b)`; the rest literal. */
function globToRe2(glob: string, negated: 'include' | 'exclude'): string {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*') {
      let stars = 1;
      while (glob[i + 1] === '*') {
        stars++;
        i++;
      }
      const before = glob[i - stars];
      const after = glob[i + 1];
      if (stars > 1 && (before === undefined || before === '/') && (after === undefined || after === '/')) {
        // Whole segments: "a/**/b" matches "a/b" too, so the "/" after `**` is part of it.
        out += '(?:[^/]*(?:/|$))*';
        if (after === '/') i++;
      } else {
        out += '[^/]*';
      }
    } else if (c === '?') {
      out += '[^/]';
    } else if (c === '!' && glob[i + 1] === '(') {
      const close = glob.indexOf(')', i);
      if (close === -1) {
        out += escapeLiteral(c);
        continue;
      }
      const names = glob
        .slice(i + 2, close)
        .split('|')
        .map(escapeLiteral)
        .join('|');
      out += negated === 'include' ? '[^/]*' : `(?:${names})`;
      i = close;
    } else if (c === '{') {
      const close = glob.indexOf('}', i);
      if (close === -1) {
        out += escapeLiteral(c);
        continue;
      }
      out += `(?:${glob
        .slice(i + 1, close)
        .split(',')
        .map((part) => globToRe2(part, negated))
        .join('|')})`;
      i = close;
    } else {
      out += escapeLiteral(c);
    }
  }
  return out;
}

function escapeLiteral(text: string): string {
  return text.replace(/[\\^$.|?*+()[\]{}]/g, '\\$&');
}

function compilePattern(pattern: string): CompiledPattern | null {
  const glob = `**/${pattern.replace(/^\//, '')}`;
  try {
    const include = RE2JS.compile(globToRe2(glob, 'include'));
    const exclude = /!\(/.test(glob) ? RE2JS.compile(globToRe2(glob, 'exclude')) : null;
    const literal = pattern.replace(/!\([^)]*\)|\{[^}]*\}|[*?]/g, '');
    const tailMatch = /[^*?)}\]]*$/.exec(pattern);
    return {
      pattern,
      // Without its leading "/": after `**/` the tail may start the path.
      tail: tailMatch ? tailMatch[0].replace(/^\//, '') : '',
      include,
      exclude,
      literalChars: literal.replace(/\//g, '').length,
      wildcards: (pattern.match(/\*+|\?|!\(|\{/g) ?? []).length,
    };
  } catch {
    // A pattern RE2 does not read matches nothing (the editors do the same with one their glob reader refuses).
    return null;
  }
}

/** Compiled patterns, made on first use and kept: the catalog is fixed, a few thousand patterns. */
const compiled = new Map<string, CompiledPattern | null>();

function patternOf(pattern: string): CompiledPattern | null {
  let known = compiled.get(pattern);
  if (known === undefined) {
    known = compilePattern(pattern);
    compiled.set(pattern, known);
  }
  return known;
}

/** Whether one catalog pattern matches a file name (normalised first). */
export function fileMatches(pattern: string, fileName: string): boolean {
  const name = normalizeFileName(fileName);
  const compiledPattern = patternOf(pattern);
  return compiledPattern !== null && matchesCompiled(compiledPattern, name);
}

function matchesCompiled(pattern: CompiledPattern, name: string): boolean {
  if (!name.endsWith(pattern.tail)) return false;
  return pattern.include.matches(name) && !(pattern.exclude?.matches(name) ?? false);
}

/**
 * The entry whose patterns match the file name best (see the rules above), among bundled entries and
 * those hosted elsewhere alike (a name that asks for a schema that is not built in must say so, not
 * fall to a looser pattern); null when none matches.
 */
export function matchFileName<E extends CatalogEntry | ExternalEntry>(entries: readonly E[], fileName: string): FileMatch<E> | null {
  const name = normalizeFileName(fileName);
  let best: { match: FileMatch<E>; pattern: CompiledPattern } | null = null;
  for (const entry of entries) {
    for (const text of entry.fileMatch) {
      const pattern = patternOf(text);
      if (pattern === null || !matchesCompiled(pattern, name)) continue;
      if (best === null || morePrecise(pattern, best.pattern)) best = { match: { entry, pattern: text }, pattern };
    }
  }
  return best?.match ?? null;
}

function morePrecise(a: CompiledPattern, b: CompiledPattern): boolean {
  if (a.literalChars !== b.literalChars) return a.literalChars > b.literalChars;
  return a.wildcards < b.wildcards;
}
