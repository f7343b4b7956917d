import type { Format, ValidationIssue, YDocument } from '../types';

export interface ReadYamlOptions {
  /** Attach comments to the IR. */
  comments: boolean;
  /** Keep anchors, aliases and merge entries as such (yaml -> yaml); otherwise expand them. */
  anchors: boolean;
  /** Target format: decides which warnings apply (unknown tags and .inf/.nan only matter for JSON). */
  target: Format;
}

export interface ReadYamlResult {
  documents: YDocument[];
  errors: ValidationIssue[];
  warnings: string[];
  anchorsCount: number;
  commentsCount: number;
}

export function readYaml(_text: string, _options: ReadYamlOptions): ReadYamlResult {
  throw new Error('readYaml: not implemented yet');
}
