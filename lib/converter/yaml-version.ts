/**
 * The `yamlVersion` request option: which YAML version reads documents that have no `%YAML`
 * directive of their own. A directive always wins for its document (`%YAML 1.2` under
 * `yamlVersion: "1.1"` reads that document as 1.2), and applies to that document only.
 */
import { ConversionError } from './errors';
import type { YamlVersion } from './types';

export const YAML_VERSIONS: readonly YamlVersion[] = ['1.1', '1.2'];
/** Today's reading, and the contract's default. */
export const DEFAULT_YAML_VERSION: YamlVersion = '1.2';

/** `undefined` is the default; anything but "1.1" or "1.2" is a bad request. */
export function parseYamlVersionOrThrow(value: unknown): YamlVersion {
  if (value === undefined) return DEFAULT_YAML_VERSION;
  if (value === '1.1' || value === '1.2') return value;
  const shown = typeof value === 'string' ? JSON.stringify(value) : `a value of type ${value === null ? 'null' : typeof value}`;
  throw new ConversionError('bad_request', `Unknown yamlVersion ${shown}; accepted: "1.1", "1.2" (strings).`);
}
