/**
 * Which YAML version reads each document of a stream (the `yamlVersion` option and `%YAML`
 * directives), and what that means for duplicate keys, for the reference reader (read-yaml.ts).
 */
import { isScalar } from 'yaml';
import type { CST, Document, Scalar } from 'yaml';
import { checkDeadline } from '../deadline';
import type { YamlVersion } from '../types';
import { resolvePlain } from './resolve-scalar';

const YAML_DIRECTIVE = /^%YAML[ \t]+(\S+)/;

/**
 * The version of each document, in stream order (one per CST `document` token, as the
 * composer makes them): its own `%YAML 1.1` / `%YAML 1.2` directive if it has one, otherwise
 * `fallback` (the request's yamlVersion). A directive applies to its document only, as in
 * YAML 1.2 and PyYAML; the `yaml` package would carry a 1.1 directive over to later
 * documents, so its per-document version is not used. An unsupported version (`%YAML 1.3`,
 * a warning) reads as `fallback`.
 */
export function documentVersions(tokens: readonly CST.Token[], fallback: YamlVersion): YamlVersion[] {
  const versions: YamlVersion[] = [];
  let pending: YamlVersion | null = null;
  for (const t of tokens) {
    checkDeadline();
    if (t.type === 'directive') {
      const version = YAML_DIRECTIVE.exec(t.source)?.[1];
      if (version === '1.1' || version === '1.2') pending = version;
    } else if (t.type === 'document') {
      versions.push(pending ?? fallback);
      pending = null;
    } else if (t.type === 'doc-end') {
      pending = null; // directives must be followed by `---` (an error reported elsewhere)
    }
  }
  return versions;
}

/**
 * Whether the `yaml` package's own scalar values (what its duplicate-key check compares) can
 * differ from our reading of `doc` as `version`: it types a document by the 1.2 core schema
 * unless a 1.1 directive (its own, or one carried over) made it use its 1.1 schema, which
 * differs from PyYAML's (`y` and `n` are booleans there).
 */
export function needsOwnKeyValues(doc: Document.Parsed, version: YamlVersion): boolean {
  return version === '1.1' || doc.directives.yaml.version === '1.1';
}

/**
 * A key's value as the duplicate check compares it: a plain untagged scalar typed as `version`
 * types it (`yes` and `on` are the same key under 1.1: true), anything else as the `yaml`
 * package gives it. Numbers compare by value (`1` and `1.0`), as the package's do.
 */
export function keyValueAs(key: unknown, version: YamlVersion): unknown {
  if (!isScalar(key)) return undefined;
  const scalar = key as Scalar;
  const source = scalar.source ?? String(scalar.value ?? '');
  // Merge keys (`<<`) keep the package's value: a distinct one each, never a duplicate.
  if (scalar.type !== 'PLAIN' || scalar.tag || source === '<<') return scalar.value;
  const node = resolvePlain(source, version);
  switch (node.kind) {
    case 'null':
      return null;
    case 'bool':
      return node.value;
    case 'number':
      if (node.special === true) return node.text === '.nan' ? Number.NaN : node.text === '-.inf' ? -Infinity : Infinity;
      return Number(node.text);
    case 'string':
      return node.value;
    default:
      return scalar.value;
  }
}
