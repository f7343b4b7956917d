/**
 * The `yamlVersion` request option (a row of option-table.ts): which YAML version reads documents
 * that have no `%YAML` directive of their own. A directive always wins for its document (`%YAML 1.2`
 * under `yamlVersion: "1.1"` reads that document as 1.2), and applies to that document only.
 */
import { OPTION_TABLE } from './option-table';
import type { YamlVersion } from './types';

export const YAML_VERSIONS: readonly YamlVersion[] = OPTION_TABLE.yamlVersion.values;
/** Today's reading, and the contract's default. */
export const DEFAULT_YAML_VERSION: YamlVersion = OPTION_TABLE.yamlVersion.default;
