// Generates the Prisma client (lib/db/generated) offline. The CLI looks for a native schema engine
// it cannot download here; `generate` does not use it, so any existing file satisfies the check
// (see ENVIRONMENT.md). Migrations do not use the CLI at all (lib/db/migrate.ts).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const result = spawnSync(process.execPath, [path.join(root, 'node_modules/prisma/build/index.js'), 'generate'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? fileURLToPath(import.meta.url),
    PRISMA_HIDE_UPDATE_MESSAGE: '1',
    CHECKPOINT_DISABLE: '1',
  },
});
if (result.status !== 0) {
  console.error('prisma generate failed');
  process.exit(result.status ?? 1);
}
console.log('Prisma client generated (lib/db/generated).');
