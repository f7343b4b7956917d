// `npm start` / `npm run dev`: brings the database up to date, then runs Next.
// With no DATABASE_URL this process owns the embedded database (PGlite in .data/pglite): it serves
// it over the PostgreSQL protocol on 127.0.0.1 and hands its URL to Next as DATABASE_URL.
// Extra arguments go to `next start|dev` (`npm start -- -p 8080`).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createDb } from '@/lib/db/client';
import { findEmbeddedServer, startEmbeddedServer, type EmbeddedServer } from '@/lib/db/embedded';
import { migrate } from '@/lib/db/migrate';
import { databaseTarget } from '@/lib/db/target';

async function main(): Promise<void> {
  const [mode = 'start', ...nextArgs] = process.argv.slice(2);
  if (mode !== 'start' && mode !== 'dev') throw new Error(`Unknown mode "${mode}" (start or dev).`);
  const target = databaseTarget();
  let embedded: EmbeddedServer | null = null;
  let url: string;
  if (target.kind === 'server') {
    url = target.url;
  } else {
    const running = await findEmbeddedServer(target.dataDir);
    if (running) {
      url = running.url;
      console.log(`[yamljson] using the embedded database already served by process ${running.pid}`);
    } else {
      embedded = await startEmbeddedServer(target.dataDir);
      url = embedded.url;
      console.log(`[yamljson] embedded database: ${target.dataDir}`);
    }
  }
  const db = createDb(url, 1);
  const { applied } = await migrate(db);
  await db.$disconnect();
  if (applied.length) console.log(`[yamljson] applied migrations: ${applied.join(', ')}`);

  const next = spawn(process.execPath, [path.join(process.cwd(), 'node_modules/next/dist/bin/next'), mode, ...nextArgs], {
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: url, NEXT_TELEMETRY_DISABLED: process.env.NEXT_TELEMETRY_DISABLED ?? '1' },
  });
  const stop = (signal: NodeJS.Signals) => {
    if (next.exitCode === null) next.kill(signal);
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  next.on('exit', (code, signal) => {
    void (embedded?.stop() ?? Promise.resolve()).finally(() => process.exit(code ?? (signal ? 1 : 0)));
  });
}

main().catch((err: unknown) => {
  console.error(`[yamljson] could not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
