import type { YDocument } from '../types';

export interface WriteYamlOptions {
  /** Write `#` comments carried by the IR. */
  comments: boolean;
}

/**
 * Writes documents as YAML text that reads back as the same data with YAML 1.2 and
 * YAML 1.1 readers. Several documents are separated by `---`.
 */
export function writeYaml(_documents: YDocument[], _options: WriteYamlOptions): string {
  throw new Error('writeYaml: not implemented yet');
}
