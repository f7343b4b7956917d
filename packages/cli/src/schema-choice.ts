// What `--schema` names, and for `--schema auto` what each file's path asks for: a schema file (JSON
// or YAML, as before; an existing file wins over a catalog name), a schema of the built-in catalog by
// name or id (`--schema "GitHub Workflow"`, `--schema github-workflow`), or `auto`: the catalog
// schema whose fileMatch patterns match the file's path (lib/schema/catalog/file-match.ts, the same
// rules as the API's "auto"). The catalog ships beside the bundle (dist/catalog, copied by
// scripts/build-cli.mjs from schemastore/): offline, nothing is fetched.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { bundledCatalog, type BundledCatalog } from '@/lib/catalog/bundled-catalog';
import { findEntry } from '@/lib/schema/catalog/choose';
import { matchFileName } from '@/lib/schema/catalog/file-match';
import type { CatalogEntry, ExternalEntry } from '@/lib/schema/catalog/types';
import { UsageError } from './errors';

export type SchemaOption = { kind: 'none' } | { kind: 'text'; text: string } | { kind: 'catalog'; entry: CatalogEntry } | { kind: 'auto' };

/** What one file is checked against: a schema's text, a catalog entry (found by name, or by its path), or nothing. */
export type FileSchema =
  | { kind: 'none'; notice?: string }
  | { kind: 'text'; text: string }
  | { kind: 'catalog'; entry: CatalogEntry; matchedPattern?: string };

/** The catalog beside the bundle (dist/catalog); in the repository, schemastore/ when that is missing (tests of the sources). */
export function cliCatalog(): BundledCatalog {
  const beside = path.join(__dirname, 'catalog');
  return bundledCatalog(existsSync(beside) ? beside : path.resolve(__dirname, '../../../schemastore'));
}

export function readSchemaOption(schema: string | undefined, cwd: string): SchemaOption {
  if (schema === undefined) return { kind: 'none' };
  if (schema.trim().toLowerCase() === 'auto') return { kind: 'auto' };
  const file = path.resolve(cwd, schema);
  if (existsSync(file)) {
    try {
      return { kind: 'text', text: readFileSync(file, 'utf8') };
    } catch (err) {
      throw new UsageError(`--schema ${schema}: ${(err as Error).message}`);
    }
  }
  const catalog = cliCatalog();
  const entry = findEntry(catalog, schema);
  if (entry !== undefined) {
    if (entry.unusable !== undefined) throw new UsageError(`--schema ${schema}: ${entry.unusable}`);
    return { kind: 'catalog', entry };
  }
  throw new UsageError(
    `--schema ${schema}: no such file, and no catalog schema has that name or id (yamljson schemas lists them; --schema auto picks one by each file's path).`,
  );
}

/** The schema of one file: `auto` matches its path as given (`k8s/deploy.yaml`); a file no pattern matches is checked for syntax only. */
export function schemaForFile(option: SchemaOption, fileName: string): FileSchema {
  if (option.kind !== 'auto') return option;
  const catalog = cliCatalog();
  const match = matchFileName<CatalogEntry | ExternalEntry>([...catalog.entries, ...catalog.external], fileName);
  if (match === null) return { kind: 'none', notice: 'no catalog schema matches this path: checked as YAML/JSON only' };
  const { entry, pattern } = match;
  if (!('id' in entry)) {
    return {
      kind: 'none',
      notice: `the catalog's "${entry.name}" schema (${pattern}) is not built in (${entry.url}): checked as YAML/JSON only; pass it with --schema`,
    };
  }
  if (entry.unusable !== undefined) return { kind: 'none', notice: `${entry.unusable} Checked as YAML/JSON only.` };
  return { kind: 'catalog', entry, matchedPattern: pattern };
}

/** `yamljson schemas [text]`: the catalog's usable schemas, `id<TAB>name`, those whose id or name contains the text. */
export function listSchemas(filter: string | undefined): string {
  const key = filter?.toLowerCase();
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const entry of cliCatalog().entries) {
    if (entry.unusable !== undefined || seen.has(`${entry.id}\t${entry.name}`)) continue;
    if (key !== undefined && !entry.id.toLowerCase().includes(key) && !entry.name.toLowerCase().includes(key)) continue;
    seen.add(`${entry.id}\t${entry.name}`);
    lines.push(`${entry.id}\t${entry.name}`);
  }
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}
