// Turns the command line's files, folders and globs into the list of files to read. Globs are
// expanded here (quoted in CI, or on Windows, the shell does not): `*`, `?`, `[...]`, `{a,b}`, `**`.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { UsageError } from './errors';

export interface InputFile {
  /** As shown in messages and annotations: relative to the working folder when inside it. */
  name: string;
  /** Absolute path; null: stdin. */
  path: string | null;
  /** The folder --out-dir paths are relative to: the folder given, a glob's fixed part, or the file's own folder. */
  base: string;
}

/** The extensions a folder contributes. */
const DOCUMENT_EXTENSIONS = /\.(ya?ml|jsonc?)$/i;
const GLOB_CHARS = /[*?[{]/;

export const STDIN: InputFile = { name: '<stdin>', path: null, base: '.' };

export function expandInputs(args: readonly string[], cwd: string): InputFile[] {
  if (args.length === 0) return [STDIN];
  const files: InputFile[] = [];
  const seen = new Set<string>();
  const add = (file: string, base: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    files.push({ name: displayName(file, cwd), path: file, base });
  };
  for (const arg of args) {
    if (arg === '-') {
      if (seen.has('-')) throw new UsageError('stdin ("-") can be read only once.');
      seen.add('-');
      files.push(STDIN);
      continue;
    }
    const absolute = path.resolve(cwd, arg);
    const stat = statOrNull(absolute);
    if (stat?.isFile()) {
      add(absolute, path.dirname(absolute));
    } else if (stat?.isDirectory()) {
      const found = walk(absolute, Number.POSITIVE_INFINITY).filter((f) => DOCUMENT_EXTENSIONS.test(f));
      if (found.length === 0) throw new UsageError(`${arg}: the folder holds no .yaml, .yml, .json or .jsonc file.`);
      for (const f of found) add(f, absolute);
    } else if (GLOB_CHARS.test(arg)) {
      const { base, matches } = expandGlob(arg, cwd);
      if (matches.length === 0) throw new UsageError(`${arg}: no file matches.`);
      for (const f of matches) add(f, base);
    } else {
      throw new UsageError(`${arg}: no such file or folder.`);
    }
  }
  return files;
}

function displayName(file: string, cwd: string): string {
  const rel = path.relative(cwd, file);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel.split(path.sep).join('/') : file;
}

function statOrNull(file: string) {
  try {
    return statSync(file);
  } catch {
    return null;
  }
}

/** Files under `dir` (sorted, depth-first), at most `depth` folders down; skips dot folders and node_modules. */
function walk(dir: string, depth: number): string[] {
  const out: string[] = [];
  let entries: import('node:fs').Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (depth > 0 && !entry.name.startsWith('.') && entry.name !== 'node_modules') out.push(...walk(full, depth - 1));
    } else if (entry.isFile() || (entry.isSymbolicLink() && statOrNull(full)?.isFile())) {
      out.push(full);
    }
  }
  return out;
}

/** The files a glob matches, and its fixed leading folder (the base of --out-dir paths). */
export function expandGlob(pattern: string, cwd: string): { base: string; matches: string[] } {
  const segments = pattern.split(/[\\/]/);
  const fixed: string[] = [];
  while (segments.length > 1 && !GLOB_CHARS.test(segments[0]!)) fixed.push(segments.shift()!);
  const base = path.resolve(cwd, fixed.length === 0 ? '.' : fixed.join('/') || '/');
  const deep = segments.includes('**');
  const regex = globToRegExp(segments.join('/'));
  const matches = walk(base, deep ? Number.POSITIVE_INFINITY : segments.length - 1).filter((file) =>
    regex.test(path.relative(base, file).split(path.sep).join('/')),
  );
  return { base, matches };
}

/** A glob (on `/`-separated paths) as a regular expression for the whole path. */
export function globToRegExp(glob: string): RegExp {
  let re = '';
  let braces = 0;
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*') {
      if (glob[i + 1] === '*') {
        const slash = glob[i + 2] === '/';
        re += slash ? '(?:[^/]*/)*' : '.*';
        i += slash ? 2 : 1;
      } else {
        re += '[^/]*';
      }
    } else if (c === '?') {
      re += '[^/]';
    } else if (c === '[') {
      const end = glob.indexOf(']', i + 2);
      if (end === -1) {
        re += '\\[';
      } else {
        const body = glob.slice(i + 1, end).replace(/\\/g, '\\\\');
        re += `[${body.startsWith('!') ? `^${body.slice(1)}` : body}]`;
        i = end;
      }
    } else if (c === '{') {
      braces++;
      re += '(?:';
    } else if (c === '}' && braces > 0) {
      braces--;
      re += ')';
    } else if (c === ',' && braces > 0) {
      re += '|';
    } else {
      re += c.replace(/[.+^$()|\\\]}]/g, '\\$&');
    }
  }
  return new RegExp(`^${re}$`);
}
