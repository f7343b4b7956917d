import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { buildCurlCommand, INLINE_INPUT_LIMIT, shellQuote } from './curl-command';
import { toPlaygroundRequest, type PlaygroundState } from './playground-state';

const base: PlaygroundState = {
  mode: 'convert',
  input: 'it\'s: "quoted" $HOME `cmd`\n',
  inputFormat: 'yaml',
  outputFormat: 'json',
  preserveComments: true,
  preserveAnchors: false,
};

/** What a POSIX shell makes of a word (sh -c 'printf %s WORD'). */
const shellReads = (word: string) => execFileSync('sh', ['-c', `printf %s ${word}`], { encoding: 'utf8' });

describe('the curl command', () => {
  it('quotes any text so the shell reads it back unchanged', () => {
    for (const text of ["it's", "''", 'a\nb', '$(rm -rf /)', '`x` "y" \\z', 'ünï ✓']) {
      expect(shellReads(shellQuote(text))).toBe(text);
    }
  });

  it('sends the exact request body of the playground', () => {
    const request = toPlaygroundRequest(base);
    const command = buildCurlCommand('https://h.example', request, 'yj_AbC12345...');
    expect(command.split(' \\\n')[0]).toBe("curl -s 'https://h.example/api/convert'");
    expect(command).toContain("-H 'Authorization: Bearer yj_AbC12345...'");
    const body = /--data-binary ('(?:[^']|'\\'')*')$/.exec(command)![1]!;
    expect(JSON.parse(shellReads(body))).toEqual({
      input: base.input,
      inputType: 'yaml',
      outputType: 'json',
      preserveComments: true,
    });
  });

  it('targets validate in validate-only mode, with the type as chosen', () => {
    const command = buildCurlCommand('http://localhost:3000', toPlaygroundRequest({ ...base, mode: 'validate', inputFormat: 'jsonc' }));
    expect(command).toContain("'http://localhost:3000/api/validate'");
    expect(command).toContain('YOUR_API_KEY');
    expect(command).toContain('"type":"jsonc"');
  });

  it('reads a large document from a file: raw mode for convert', () => {
    const big = { ...base, input: 'a: 1\n'.repeat(INLINE_INPUT_LIMIT), preserveAnchors: true };
    const command = buildCurlCommand('https://h.example', toPlaygroundRequest(big));
    expect(command).toContain("'https://h.example/api/convert?from=yaml&to=json&preserveComments=true&preserveAnchors=true'");
    expect(command).toContain('--data-binary @input.yaml');
    expect(command).not.toContain('a: 1');
  });

  it('raw mode carries a field the body sends as false, as an option whose default is true would be', () => {
    const input = 'a: 1\n'.repeat(INLINE_INPUT_LIMIT);
    const request = { endpoint: '/api/convert' as const, body: { input, inputType: 'yaml', outputType: 'yaml', sortKeys: false, indent: 4 } };
    expect(buildCurlCommand('https://h.example', request)).toContain("'https://h.example/api/convert?from=yaml&to=yaml&sortKeys=false&indent=4'");
  });

  it('reads a large document from a file for validate too, through jq', () => {
    const big = { ...base, mode: 'validate' as const, input: 'a: 1\n'.repeat(INLINE_INPUT_LIMIT) };
    const command = buildCurlCommand('https://h.example', toPlaygroundRequest(big));
    expect(command).toMatch(/^jq -Rs '\{input: \., type: "yaml"\}' input\.yaml \|/);
    expect(command).toContain('--data-binary @-');
  });

  it("sends the schema pane's schema: in the body, or for a large document from schema.json through jq", () => {
    const schema = 'required: [a]\n';
    const small = buildCurlCommand('https://h.example', toPlaygroundRequest({ ...base, mode: 'validate', schema }));
    expect(JSON.parse(shellReads(small.split('--data-binary ')[1]!))).toStrictEqual({ input: base.input, type: 'yaml', schema });
    const big = { ...base, mode: 'validate' as const, schema, input: 'a: 1\n'.repeat(INLINE_INPUT_LIMIT) };
    expect(buildCurlCommand('https://h.example', toPlaygroundRequest(big))).toMatch(
      /^jq -Rs --rawfile schema schema\.json '\{input: \., type: "yaml", schema: \$schema\}' input\.yaml \|/,
    );
  });

  it('carries the formatting options and the YAML version: in the JSON body, and as raw-mode query parameters', () => {
    const options = { indent: 4 as const, sortKeys: true, flowLevel: 1, quoteStyle: 'single' as const, lineWidth: 80, yamlVersion: '1.1' as const };
    const state = { ...base, outputFormat: 'yaml' as const, preserveComments: false, options };
    const command = buildCurlCommand('https://h.example', toPlaygroundRequest(state));
    const body = /--data-binary ('(?:[^']|'\\'')*')$/.exec(command)![1]!;
    expect(JSON.parse(shellReads(body))).toEqual({ input: base.input, inputType: 'yaml', outputType: 'yaml', ...options });
    const raw = buildCurlCommand('https://h.example', toPlaygroundRequest({ ...state, input: 'a: 1\n'.repeat(INLINE_INPUT_LIMIT) }));
    expect(raw).toContain(
      "'https://h.example/api/convert?from=yaml&to=yaml&yamlVersion=1.1&indent=4&sortKeys=true&flowLevel=1&quoteStyle=single&lineWidth=80'",
    );
  });

  it('sends only the options that apply to the output: compact for JSON, the YAML ones for YAML', () => {
    const options = { jsonStyle: 'compact' as const, quoteStyle: 'double' as const, flowLevel: 0, lineWidth: 40 };
    const toJson = toPlaygroundRequest({ ...base, preserveComments: false, options });
    expect(toJson.body).toEqual({ input: base.input, inputType: 'yaml', outputType: 'json', jsonStyle: 'compact' });
    // Compact JSON cannot keep comments: with the switch on, the request stays pretty.
    expect(toPlaygroundRequest({ ...base, options }).body).toEqual({
      input: base.input,
      inputType: 'yaml',
      outputType: 'json',
      preserveComments: true,
    });
    const toYaml = toPlaygroundRequest({ ...base, preserveComments: false, outputFormat: 'yaml', options });
    expect(toYaml.body).toEqual({ input: base.input, inputType: 'yaml', outputType: 'yaml', quoteStyle: 'double', flowLevel: 0, lineWidth: 40 });
    // YAML 1.1 is about reading YAML: not sent for JSON input.
    expect(toPlaygroundRequest({ ...base, inputFormat: 'json', options: { yamlVersion: '1.1' } }).body).not.toHaveProperty('yamlVersion');
  });
});
