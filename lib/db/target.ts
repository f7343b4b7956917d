// Which database the app uses: a PostgreSQL server named by DATABASE_URL, or else the embedded
// PGlite database persisted in a folder (no server to install).
import path from 'node:path';

export type DatabaseTarget =
  | { readonly kind: 'server'; readonly url: string }
  | { readonly kind: 'embedded'; readonly dataDir: string };

export function databaseTarget(env: Record<string, string | undefined> = process.env): DatabaseTarget {
  const url = env.DATABASE_URL?.trim();
  if (url) {
    if (!/^postgres(ql)?:\/\//.test(url)) {
      throw new Error('DATABASE_URL must be a postgresql:// URL (or leave it unset to use the embedded database).');
    }
    return { kind: 'server', url };
  }
  return { kind: 'embedded', dataDir: path.resolve(env.YAMLJSON_DATA_DIR || path.join(process.cwd(), '.data', 'pglite')) };
}
