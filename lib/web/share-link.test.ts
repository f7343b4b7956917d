import { describe, expect, it } from 'vitest';
import type { PlaygroundState } from './playground-state';
import { decodeShareState, encodeShareState, shareUrl, stateFromHash } from './share-link';

const state: PlaygroundState = {
  mode: 'convert',
  input: 'name: "ünïcödé ✓"\nlist: [1, 2]\n# a comment\n',
  inputFormat: 'yaml',
  outputFormat: 'json',
  preserveComments: true,
  preserveAnchors: false,
};

describe('share links', () => {
  it('round-trip the whole state through the URL fragment', async () => {
    const url = await shareUrl('https://yamljson.example/playground?x=1#old', state);
    expect(url).toMatch(/^https:\/\/yamljson\.example\/playground\?x=1#state=z[A-Za-z0-9_-]+$/);
    const encoded = stateFromHash(new URL(url).hash);
    expect(await decodeShareState(encoded!)).toEqual(state);
  });

  it('compress a large document well below its size', async () => {
    const big = { ...state, input: 'key: value\n'.repeat(10_000) };
    const encoded = await encodeShareState(big);
    expect(encoded.length).toBeLessThan(big.input.length / 20);
    expect(await decodeShareState(encoded)).toEqual(big);
  });

  it('read the uncompressed form', async () => {
    const plain = `j${Buffer.from(JSON.stringify(state)).toString('base64url')}`;
    expect(await decodeShareState(plain)).toEqual(state);
  });

  it('refuse what is not a state, without throwing', async () => {
    expect(await decodeShareState('')).toBeNull();
    expect(await decodeShareState('x123')).toBeNull();
    expect(await decodeShareState('z!!!')).toBeNull();
    expect(await decodeShareState(`j${Buffer.from('{"input": 3}').toString('base64url')}`)).toBeNull();
    expect(await decodeShareState(`j${Buffer.from([0xff, 0xfe]).toString('base64url')}`)).toBeNull();
    expect(stateFromHash('#other=1')).toBeNull();
  });

  it('fill unknown or missing options with safe defaults', async () => {
    const odd = `j${Buffer.from(JSON.stringify({ input: 'a', mode: 'hack', inputFormat: 'xml', preserveComments: 'yes' })).toString('base64url')}`;
    expect(await decodeShareState(odd)).toEqual({
      mode: 'convert',
      input: 'a',
      inputFormat: 'yaml',
      outputFormat: 'json',
      preserveComments: false,
      preserveAnchors: false,
    });
  });

  it('carry the output options, and drop option values the playground does not offer', async () => {
    const withOptions: PlaygroundState = {
      ...state,
      options: { indent: 4, sortKeys: true, jsonStyle: 'compact', flowLevel: 2, quoteStyle: 'double', lineWidth: 80, yamlVersion: '1.1' },
    };
    expect(await decodeShareState(await encodeShareState(withOptions))).toEqual(withOptions);
    const odd = {
      ...state,
      options: { indent: 3, sortKeys: 'yes', flowLevel: -1, quoteStyle: 'backtick', lineWidth: 5, yamlVersion: '1.0', jsonStyle: 'compact' },
    };
    const decoded = await decodeShareState(`j${Buffer.from(JSON.stringify(odd)).toString('base64url')}`);
    expect(decoded).toEqual({ ...state, options: { jsonStyle: 'compact' } });
    const none = await decodeShareState(`j${Buffer.from(JSON.stringify({ ...state, options: { indent: 2 } })).toString('base64url')}`);
    expect(none).toEqual(state);
  });
});
