/**
 * preserveComments keeps comments exactly. One test per way comments used to be damaged
 * (each failed before the fix), on both YAML readers (the fast one and readYaml), plus the
 * styles kept with comments and the JSONC side.
 */
import { describe, expect, it } from 'vitest';
import { convert } from '../../lib/converter/index';

const READERS = [
  { name: 'fast reader', fastYaml: true },
  { name: 'readYaml', fastYaml: false },
];

const yamlToYaml = (input: string, fastYaml: boolean) =>
  convert({ input, inputType: 'yaml', outputType: 'yaml', preserveComments: true }, { fastYaml }).output;
const yamlToJsonc = (input: string, fastYaml: boolean) =>
  convert({ input, inputType: 'yaml', outputType: 'json', preserveComments: true }, { fastYaml }).output;
const plainYaml = (input: string) => convert({ input, inputType: 'yaml', outputType: 'yaml' }).output;

describe.each(READERS)('preserveComments, YAML input ($name)', ({ fastYaml }) => {
  it('a stream of only comments keeps them (YAML: the same text; JSONC: before null)', () => {
    expect(yamlToYaml('# c\n', fastYaml)).toBe('# c\n');
    expect(yamlToYaml('# one\n\n#two\n', fastYaml)).toBe('# one\n#two\n');
    expect(yamlToJsonc('# c\n', fastYaml)).toBe('// c\nnull\n');
    const r = convert({ input: '# c\n', inputType: 'yaml', outputType: 'yaml', preserveComments: true }, { fastYaml });
    expect(r.metadata.documents).toBe(0);
  });

  it('comment text is kept exactly after the #', () => {
    expect(yamlToYaml('## x\n#x\na: 1 #x\nb: 2 #   spaced   \n', fastYaml)).toBe('## x\n#x\na: 1 #x\nb: 2 #   spaced   \n');
    expect(yamlToJsonc('## x\na: 1 #x\n', fastYaml)).toBe('//# x\n{\n  "a": 1 //x\n}\n');
  });

  it('a comment line after a block scalar stays after it, not on its header', () => {
    const input = 'jobs:\n  - run: |\n      make\n  # next step\n  - run: test\n';
    expect(yamlToYaml(input, fastYaml)).toBe(input);
  });

  it('the end-of-line comment after a flow collection stays on its line, and the collection stays flow', () => {
    expect(yamlToYaml('p: {}  # c1\nq: 1\n', fastYaml)).toBe('p: {} # c1\nq: 1\n');
    expect(yamlToYaml('a: [1, 2]  # c\nb: 1\n', fastYaml)).toBe('a: [1, 2] # c\nb: 1\n');
    // `y` is quoted as ever (a YAML 1.1 boolean), `b, c` because of its comma.
    expect(yamlToYaml('- {x: 1, y: [a, "b, c"]} # c\n- [] # d\n', fastYaml)).toBe('- {x: 1, "y": [a, "b, c"]} # c\n- [] # d\n');
    expect(yamlToJsonc('a: [1, 2]  # c\n', fastYaml)).toBe('{\n  "a": [ // c\n    1,\n    2\n  ]\n}\n');
  });

  it('the end-of-line comment on a block scalar header stays there, and the scalar keeps its style', () => {
    expect(yamlToYaml('a: > # c\n  text\nb: 1\n', fastYaml)).toBe('a: > # c\n  text\nb: 1\n');
    expect(yamlToJsonc('a: > # c\n  text\n', fastYaml)).toBe('{\n  "a": "text\\n" // c\n}\n');
  });

  it('a comment after an empty block scalar stays above the next key', () => {
    expect(yamlToYaml('a: |-\n# about b\nb: 1\n', fastYaml)).toBe('a: |-\n# about b\nb: 1\n');
    expect(yamlToJsonc('a: |-\n# about b\nb: 1\n', fastYaml)).toBe('{\n  "a": "",\n  // about b\n  "b": 1\n}\n');
  });

  it('a document that is one scalar keeps its end-of-line comment', () => {
    expect(yamlToYaml('hello # c\n', fastYaml)).toBe('hello # c\n');
    expect(yamlToJsonc('hello # c\n', fastYaml)).toBe('"hello" // c\n');
  });

  it('the comments of merge entries merged away stay, in order, above the next key', () => {
    const input = 'base: &b {x: 1}\nuse:\n  # above the merge\n  <<: *b # on the merge\n  z: 2\n';
    expect(yamlToYaml(input, fastYaml)).toBe('base: {x: 1}\nuse:\n  x: 1\n  # above the merge\n  # on the merge\n  z: 2\n');
  });
});

describe('preserveComments keeps block scalar styles where the value allows', () => {
  it('every style and chomping indicator is written again as it was', () => {
    for (const header of ['|', '|-', '|+', '>', '>-', '>+']) {
      const input = `a: ${header}\n  one\n  two\n${header.endsWith('+') ? '\n' : ''}b: 1\n`;
      const out = yamlToYaml(input, true);
      expect(out.startsWith(`a: ${header}\n`), out).toBe(true);
      expect(convert({ input: out, inputType: 'yaml', outputType: 'json' }).output).toBe(
        convert({ input, inputType: 'yaml', outputType: 'json' }).output,
      );
    }
  });

  it('a folded scalar with paragraphs reads back the same', () => {
    const input = 'a: >\n  one\n  two\n\n  three\n\n\n  four\nb: 1\n';
    const out = yamlToYaml(input, true);
    expect(out).toBe('a: >\n  one two\n\n  three\n\n\n  four\nb: 1\n');
  });

  it('a folded scalar with more indented lines becomes a literal one', () => {
    const input = 'a: >\n  one\n    indented\n  two\n';
    expect(yamlToYaml(input, true)).toBe('a: |\n  one\n    indented\n  two\n');
  });

  it('styles are kept only with preserveComments: the default output is as before', () => {
    expect(plainYaml('a: >-\n  text\nb: [1, 2]\nc: {}\n')).toBe('a: text\nb:\n  - 1\n  - 2\nc: {}\n');
  });
});

describe('preserveComments, JSONC input', () => {
  it('keeps the text after // exactly in # comments', () => {
    const input = '{\n  //x\n  "a": 1, //  two spaces\n  /* block */\n  "b": 2\n}\n';
    const out = convert({ input, inputType: 'json', outputType: 'yaml', preserveComments: true }).output;
    expect(out).toBe('#x\na: 1 #  two spaces\n# block\nb: 2\n');
  });

  it('JSONC -> JSONC keeps them too', () => {
    const input = '{\n  //x\n  "a": 1 // y\n}\n';
    expect(convert({ input, inputType: 'json', outputType: 'json', preserveComments: true }).output).toBe(input);
  });
});
