/**
 * The YAML-input conversions that keep comments or anchors, for the benchmark (the target:
 * at least 2x today's path): YAML -> JSONC with preserveComments, and YAML -> YAML with
 * preserveComments and preserveAnchors. "today" is the reference path the fast reader
 * replaced there (readYaml: the `yaml` package's parser and composer, then our IR), which
 * `convert` still runs when given `{ fastYaml: false }`.
 */
import { isDeepStrictEqual } from 'node:util';
import { convert, type ConvertRequest } from '../lib/converter/index';
import { readWithJsYaml } from './generate-corpus';

export const PRESERVE_DIRECTIONS = ['yaml2jsonc', 'yaml2yaml'] as const;
export type PreserveDirection = (typeof PRESERVE_DIRECTIONS)[number];

export const PRESERVE_TITLES: Record<PreserveDirection, string> = {
  yaml2jsonc: 'YAML -> JSONC (preserveComments)',
  yaml2yaml: 'YAML -> YAML (preserveComments + preserveAnchors)',
};

function request(direction: PreserveDirection, input: string): ConvertRequest {
  return direction === 'yaml2jsonc'
    ? { input, inputType: 'yaml', outputType: 'json', preserveComments: true }
    : { input, inputType: 'yaml', outputType: 'yaml', preserveComments: true, preserveAnchors: true };
}

/** yamljson's conversion (`today`: the reference path only, as before the fast reader). */
export function preserveConversion(direction: PreserveDirection, today: boolean): (input: string) => string {
  return (input) => convert(request(direction, input), { fastYaml: !today }).output;
}

/** Whether the output reads back as the reference data: JSONC through our JSONC reader, YAML through js-yaml. */
export function preserveOutputMatches(direction: PreserveDirection, output: string, expected: unknown, stream: boolean): boolean {
  const data: unknown =
    direction === 'yaml2jsonc'
      ? JSON.parse(convert({ input: output, inputType: 'json', outputType: 'json' }).output)
      : JSON.parse(JSON.stringify(readWithJsYaml(output, stream)));
  return isDeepStrictEqual(data, expected);
}
