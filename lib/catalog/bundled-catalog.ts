// The built-in schema catalog as shipped in schemastore/ (written by scripts/catalog-build.ts from a
// SchemaStore snapshot): index.json.br (the entries, and where each schema is in schemas.bin; brotli) read on
// first use, schemas.bin (each schema brotli-compressed on its own) read on the first schema asked
// for, and each schema decompressed when asked for. Node only: the server, its workers and the CLI
// (which ships the same folder beside its bundle). Nothing here reads the snapshot or the network.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { CatalogEntry, CatalogSource, ExternalEntry } from '@/lib/schema/catalog/types';

export interface CatalogIndex {
  /** Where the schemas come from: SchemaStore's repository at one commit, under its license. */
  source: { repository: string; commit: string; license: string };
  /** SchemaStore's entries whose schemas are built in, in its catalog's order. */
  entries: CatalogEntry[];
  /** Its entries hosted elsewhere: matched by file name only to say so. */
  external: ExternalEntry[];
  /** Every built-in schema file (entries' and the ones they refer to): offset and length in schemas.bin, JSON bytes, ETag. */
  files: Record<string, [offset: number, length: number, bytes: number, etag: string]>;
}

export interface BundledCatalog extends CatalogSource {
  readonly index: CatalogIndex;
  /** A schema's JSON text (white space between tokens removed), or undefined. */
  text(id: string): string | undefined;
  /** The entry of an id, or of a name (case-insensitive), or undefined. */
  find(nameOrId: string): CatalogEntry | undefined;
}

export function openCatalog(dir: string): BundledCatalog {
  let index: CatalogIndex | null = null;
  let blob: Buffer | null = null;
  let byKey: Map<string, CatalogEntry> | null = null;
  const readIndex = (): CatalogIndex => {
    index ??= JSON.parse(zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, 'index.json.br'))).toString('utf8')) as CatalogIndex;
    return index;
  };
  const text = (id: string): string | undefined => {
    const place = Object.hasOwn(readIndex().files, id) ? readIndex().files[id] : undefined;
    if (place === undefined) return undefined;
    blob ??= fs.readFileSync(path.join(dir, 'schemas.bin'));
    const [offset, length] = place;
    return zlib.brotliDecompressSync(blob.subarray(offset, offset + length)).toString('utf8');
  };
  return {
    get index() {
      return readIndex();
    },
    get entries() {
      return readIndex().entries;
    },
    get external() {
      return readIndex().external;
    },
    text,
    schema(id) {
      const json = text(id);
      return json === undefined ? undefined : (JSON.parse(json) as object);
    },
    find(nameOrId) {
      if (byKey === null) {
        byKey = new Map();
        // Ids first: an id wins over a name spelled the same (none is, in this snapshot).
        for (const entry of readIndex().entries) if (!byKey.has(entry.id.toLowerCase())) byKey.set(entry.id.toLowerCase(), entry);
        for (const entry of readIndex().entries) if (!byKey.has(entry.name.toLowerCase())) byKey.set(entry.name.toLowerCase(), entry);
      }
      return byKey.get(nameOrId.trim().toLowerCase());
    },
  };
}

const opened = new Map<string, BundledCatalog>();

/**
 * The catalog in `dir` (default: schemastore/ in the working directory, where the server and its
 * workers run), opened once per process: it is read-only data, shared by every request.
 */
export function bundledCatalog(dir = path.join(process.cwd(), 'schemastore')): BundledCatalog {
  let catalog = opened.get(dir);
  if (catalog === undefined) {
    catalog = openCatalog(dir);
    opened.set(dir, catalog);
  }
  return catalog;
}
