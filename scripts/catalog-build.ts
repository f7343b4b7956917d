// Builds the built-in schema catalog (schemastore/ at the repository's root) from the SchemaStore
// snapshot in ../shared/schemastore: `npm run catalog:build [-- --from <snapshot folder>]`. A
// maintainer's tool: the product reads only what this writes, never the snapshot.
//
// What it ships: every catalog entry whose schema SchemaStore hosts itself (json.schemastore.org,
// www.schemastore.org, or its repository's src/schemas/json/) and whose file the snapshot has, plus
// every schema file their `$ref`s reach; entries hosted elsewhere keep their name, description,
// fileMatch and address only (file-name matching says they are not built in). Each schema is stored
// with the white space between tokens removed (strings and numbers byte for byte as written) and
// compressed with brotli (quality 11) on its own, one after the other in schemas.bin, so one schema is
// read without the others; index.json says where each one is. Why this layout (measured on this
// snapshot): schemastore/README.md.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { knownDraft } from '@/lib/schema/drafts';
import { clearCatalogCache, compileCatalogSchema } from '@/lib/schema/catalog/compile-catalog';
import type { CatalogEntry, CatalogSource, ExternalEntry } from '@/lib/schema/catalog/types';
import { canonicalUrl, catalogIdOfUrl, prepareCatalogSchema } from '@/lib/schema/catalog/uris';
import type { CatalogIndex } from '@/lib/catalog/bundled-catalog';

const ROOT = path.resolve(__dirname, '..');

interface SnapshotEntry {
  name: string;
  description: string;
  fileMatch?: string[];
  url: string;
}

/** The snapshot's README names the commit it was taken at. */
function sourceCommit(snapshot: string): string {
  const readme = fs.readFileSync(path.join(snapshot, 'README.md'), 'utf8');
  const commit = /commit ([0-9a-f]{40})/.exec(readme)?.[1];
  if (!commit) throw new Error(`${snapshot}/README.md names no commit`);
  return commit;
}

/** JSON text without the white space between tokens; strings (and so every escape) and numbers as written. */
export function stripWhiteSpace(text: string): string {
  let out = '';
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      for (i++; i < text.length && text.charCodeAt(i) !== 0x22; i++) if (text.charCodeAt(i) === 0x5c) i++;
    } else if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) {
      out += text.slice(start, i);
      start = i + 1;
    }
  }
  return out + text.slice(start);
}

function compress(bytes: Buffer): Buffer {
  return zlib.brotliCompressSync(bytes, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });
}

function readSchemaText(file: string): string {
  const text = stripWhiteSpace(fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, ''));
  JSON.parse(text);
  return text;
}

/**
 * Compiles every entry as the service will (lib/schema/catalog/compile-catalog.ts) and writes down why
 * one does not compile (a `$ref` to a schema SchemaStore does not host): the list says so, the
 * playground's picker shows it, and test/schema/catalog-all.test.ts holds the two to the same answer.
 */
function markUnusable(entries: CatalogEntry[], texts: Map<string, string>): void {
  const source: CatalogSource = {
    entries,
    external: [],
    schema: (id) => (texts.has(id) ? (JSON.parse(texts.get(id)!) as object) : undefined),
  };
  for (const entry of entries) {
    try {
      compileCatalogSchema(entry, source);
    } catch (err) {
      entry.unusable = (err as Error).message;
    }
  }
  clearCatalogCache();
}

export function buildCatalog(snapshot: string): { index: CatalogIndex; blob: Buffer } {
  const files = new Set(fs.readdirSync(path.join(snapshot, 'schemas')).filter((name) => name.endsWith('.json')));
  const has = (id: string) => files.has(`${id}.json`);
  const snapshotEntries = (JSON.parse(fs.readFileSync(path.join(snapshot, 'catalog.json'), 'utf8')) as { schemas: SnapshotEntry[] }).schemas;
  const texts = new Map<string, string>();
  const entries: CatalogEntry[] = [];
  const external: ExternalEntry[] = [];
  for (const entry of snapshotEntries) {
    const id = catalogIdOfUrl(entry.url);
    const described = { name: entry.name, description: entry.description, fileMatch: entry.fileMatch ?? [] };
    if (id === undefined || !has(id)) {
      external.push({ ...described, url: entry.url });
      continue;
    }
    entries.push({ id, ...described, url: canonicalUrl(id), draft: 'draft-07' });
  }
  // Every file an entry's references reach, breadth first from the entries.
  const queue = [...new Set(entries.map((entry) => entry.id))];
  const drafts = new Map<string, CatalogEntry['draft']>();
  while (queue.length > 0) {
    const id = queue.shift()!;
    if (texts.has(id)) continue;
    const text = readSchemaText(path.join(snapshot, 'schemas', `${id}.json`));
    texts.set(id, text);
    const schema = JSON.parse(text) as Record<string, unknown>;
    const draft = knownDraft(schema.$schema) ?? 'draft-07';
    drafts.set(id, draft);
    for (const named of prepareCatalogSchema(id, schema, draft === 'draft-04', has)) if (!texts.has(named)) queue.push(named);
  }
  for (const entry of entries) entry.draft = drafts.get(entry.id)!;
  markUnusable(entries, texts);
  const parts: Buffer[] = [];
  const index: CatalogIndex = {
    source: {
      repository: 'https://github.com/SchemaStore/schemastore',
      commit: sourceCommit(snapshot),
      license: 'Apache-2.0',
    },
    entries,
    external,
    files: {},
  };
  let offset = 0;
  for (const id of [...texts.keys()].sort()) {
    const text = texts.get(id)!;
    const bytes = Buffer.from(text, 'utf8');
    const packed = compress(bytes);
    const etag = createHash('sha256').update(bytes).digest('base64url').slice(0, 22);
    index.files[id] = [offset, packed.length, bytes.length, etag];
    parts.push(packed);
    offset += packed.length;
  }
  return { index, blob: Buffer.concat(parts) };
}

function main(): void {
  const fromAt = process.argv.indexOf('--from');
  const snapshot = path.resolve(fromAt === -1 ? path.join(ROOT, '..', 'shared', 'schemastore') : process.argv[fromAt + 1]!);
  const { index, blob } = buildCatalog(snapshot);
  const out = path.join(ROOT, 'schemastore');
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(path.join(out, 'index.json.br'), compress(Buffer.from(JSON.stringify(index), 'utf8')));
  fs.writeFileSync(path.join(out, 'schemas.bin'), blob);
  fs.writeFileSync(path.join(out, 'LICENSE'), fs.readFileSync(path.join(snapshot, 'LICENSE')));
  const files = Object.keys(index.files).length;
  console.log(
    `schemastore/: ${index.entries.length} entries built in, ${index.external.length} hosted elsewhere, ${files} schema files, ` +
      `${blob.length.toLocaleString('en-US')} bytes compressed (${Object.values(index.files)
        .reduce((sum, [, , bytes]) => sum + bytes, 0)
        .toLocaleString('en-US')} bytes of JSON)`,
  );
}

if (require.main === module) main();
