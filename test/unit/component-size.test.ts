// Components that fit on a screen or two: no file under components/ over 300 lines (about 150 is the aim). A longer one
// is split by what its parts do: a component per part of the page, its state in a hook named for what it keeps.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../..');
const MAX_LINES = 300;

/** Lines as `wc -l` counts them, plus a last line without its newline. */
function lineCount(text: string): number {
  if (text === '') return 0;
  const newlines = text.split('\n').length - 1;
  return text.endsWith('\n') ? newlines : newlines + 1;
}

function filesUnder(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)))
    .sort();
}

describe('component size', () => {
  it('counts lines like wc -l', () => {
    expect(lineCount('')).toBe(0);
    expect(lineCount('a\n')).toBe(1);
    expect(lineCount('a\nb')).toBe(2);
    expect(lineCount('a\n'.repeat(301))).toBe(301);
  });

  it(`keeps every file under components/ to ${MAX_LINES} lines`, () => {
    const files = filesUnder('components');
    expect(files).toContain(path.join('components', 'playground', 'playground.tsx'));
    const tooLong = files
      .map((file) => ({ file, lines: lineCount(readFileSync(path.join(ROOT, file), 'utf8')) }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ file, lines }) => `${file}: ${lines} lines (at most ${MAX_LINES}: split it into components and hooks named for what they do)`);
    expect(tooLong).toEqual([]);
  });
});
