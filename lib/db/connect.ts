// A database connection for command-line tools (migrate, admin), wherever the data lives:
// DATABASE_URL; else the embedded database's running server; else the embedded folder itself.
import { createDb, type Db } from './client';
import { findEmbeddedServer, openEmbeddedDirect } from './embedded';
import { migrate } from './migrate';
import type { DatabaseTarget } from './target';

export interface ToolConnection {
  db: Db;
  /** What was connected to, for messages on stderr. */
  where: string;
  close(): Promise<void>;
}

/** `target`: the configuration's database (lib/config). */
export async function connectForTool(target: DatabaseTarget): Promise<ToolConnection> {
  if (target.kind === 'server') {
    const db = createDb(target.url, 2);
    return { db, where: 'DATABASE_URL', close: () => db.$disconnect() };
  }
  const running = await findEmbeddedServer(target.dataDir);
  if (running) {
    const db = createDb(running.url, 2);
    return { db, where: `the embedded database served by process ${running.pid}`, close: () => db.$disconnect() };
  }
  const direct = await openEmbeddedDirect(target.dataDir);
  // Nobody has started the app on this folder yet, perhaps: bring it up to date first.
  await migrate(direct.db);
  return { db: direct.db, where: `the embedded database in ${target.dataDir}`, close: direct.close };
}
