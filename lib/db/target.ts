// Which database the app uses: a PostgreSQL server named by DATABASE_URL, or else the embedded
// PGlite database persisted in a folder (no server to install). lib/config reads both variables.
import path from 'node:path';

export type DatabaseTarget = { readonly kind: 'server'; readonly url: string } | { readonly kind: 'embedded'; readonly dataDir: string };

/** `url`: DATABASE_URL (a postgresql:// URL, checked by lib/config); `dataDir`: YAMLJSON_DATA_DIR, default .data/pglite. */
export function databaseTarget(url: string | undefined, dataDir: string | undefined): DatabaseTarget {
  if (url) return { kind: 'server', url };
  return { kind: 'embedded', dataDir: path.resolve(dataDir || path.join(process.cwd(), '.data', 'pglite')) };
}
