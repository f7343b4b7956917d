// `npm run db:migrate`: applies pending migrations (prisma/migrations) to the configured database.
import { readConfig } from '@/lib/config';
import { connectForTool } from '@/lib/db/connect';
import { migrate } from '@/lib/db/migrate';

async function main(): Promise<void> {
  const conn = await connectForTool(readConfig().database);
  try {
    const { applied, alreadyApplied } = await migrate(conn.db);
    console.log(
      applied.length
        ? `Applied ${applied.length} migration(s) to ${conn.where}: ${applied.join(', ')}.`
        : `Nothing to apply to ${conn.where}: all ${alreadyApplied.length} migration(s) are in place.`,
    );
  } finally {
    await conn.close();
  }
}

main().catch((err: unknown) => {
  console.error(`db:migrate failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
