/**
 * The single-pass paths for JSON input without preserveComments: JSON -> YAML and
 * JSON -> JSON straight from the text, with no IR. They give exactly the reference path's
 * output (readJson + writeYaml / writeJson), or null for any document they do not take,
 * which `convert` then gives to the reference path.
 */
import type { Format } from '../types';
import { jsonToJsonFast } from './json-to-json-fast';
import type { FastConversion } from './json-walker';
import { jsonToYamlFast } from './json-to-yaml-fast';

export type { FastConversion };

/** `input` has no lone surrogate (`convert` refuses those first). */
export function convertJsonFast(input: string, to: Format): FastConversion | null {
  return to === 'yaml' ? jsonToYamlFast(input) : jsonToJsonFast(input);
}
