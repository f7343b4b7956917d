/** Contract section 3, YAML -> YAML: re-emits the data; the flags keep comments and anchors. */
import { describe, expect, it } from 'vitest';
import { convert } from '@/lib/converter';

const SOURCE = [
  '# Shared settings',
  'x-defaults: &defaults',
  '  restart: always # policy',
  '  image: "nginx:1.25"',
  'services:',
  '  web:',
  '    <<: *defaults',
  '    ports: ["80:80", 443]',
  '  api: !Ref ApiService',
  'enabled: yes',
  '',
].join('\n');

const yamlToYaml = (input: string, preserveComments = false, preserveAnchors = false) =>
  convert({ input, inputType: 'yaml', outputType: 'yaml', preserveComments, preserveAnchors });

describe('YAML -> YAML', () => {
  it('expands anchors and drops comments by default, keeping custom tags', () => {
    expect(yamlToYaml(SOURCE).output).toBe(
      [
        'x-defaults:',
        '  restart: always',
        '  image: nginx:1.25',
        'services:',
        '  web:',
        '    restart: always',
        '    image: nginx:1.25',
        '    ports:',
        '      - "80:80"',
        '      - 443',
        '  api: !Ref ApiService',
        'enabled: "yes"',
        '',
      ].join('\n'),
    );
  });

  it('keeps anchors, aliases and merge keys with preserveAnchors, and comments with preserveComments', () => {
    expect(yamlToYaml(SOURCE, true, true).output).toBe(
      [
        '# Shared settings',
        'x-defaults: &defaults',
        '  restart: always # policy',
        '  image: nginx:1.25',
        'services:',
        '  web:',
        '    <<: *defaults',
        '    ports: ["80:80", 443]',
        '  api: !Ref ApiService',
        'enabled: "yes"',
        '',
      ].join('\n'),
    );
  });

  it('re-reads its own output as the same data', () => {
    const once = yamlToYaml(SOURCE, true, true).output;
    const asJson = (y: string) => convert({ input: y, inputType: 'yaml', outputType: 'json' }).output;
    expect(asJson(once)).toBe(asJson(SOURCE));
  });

  it('keeps a multi-document stream as documents', () => {
    const r = yamlToYaml('a: 1\n---\n- x\n---\n');
    expect(r.output).toBe('a: 1\n---\n- x\n---\nnull\n');
    expect(r.metadata.documents).toBe(3);
  });

  it('keeps non-string keys as their own type', () => {
    expect(yamlToYaml('1: a\n"1": b\ntrue: c\n').output).toBe('1: a\n"1": b\ntrue: c\n');
  });

  it('keeps a recursive alias when anchors are preserved', () => {
    expect(yamlToYaml('a: &a [1, *a]\n', false, true).output).toBe('a: &a\n  - 1\n  - *a\n');
  });
});
