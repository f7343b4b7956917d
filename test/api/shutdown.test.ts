// The embedded server counts quota calls in memory and writes them every second; a stop (SIGTERM)
// must write what is still in memory before the database closes, so no accepted call goes
// uncounted. A server of its own, stopped right after its calls, then the folder read directly.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { createApiKey } from '@/lib/accounts/api-keys';
import { ensureUser } from '@/lib/accounts/users';
import { createDb } from '@/lib/db/client';
import { findEmbeddedServer, openEmbeddedDirect } from '@/lib/db/embedded';
import { startApp } from '../setup/app-server';

const dataRoot = mkdtempSync(path.join(os.tmpdir(), 'yamljson-shutdown-'));
afterAll(() => rmSync(dataRoot, { recursive: true, force: true }));

it('writes the calls counted in memory when it is stopped', async () => {
  const dataDir = path.join(dataRoot, 'pglite');
  const app = await startApp({ logName: 'api-server-shutdown', env: { YAMLJSON_DATA_DIR: dataDir }, unsetEnv: ['DATABASE_URL', 'REDIS_URL'] });
  let userId: string;
  try {
    const db = createDb((await findEmbeddedServer(dataDir))!.url, 1);
    try {
      const { user } = await ensureUser(db, 'shutdown@yamljson.test');
      userId = user.id;
      const { secret } = await createApiKey(db, user.id, 'shutdown');
      const calls = await Promise.all(
        Array.from({ length: 25 }, () =>
          fetch(`${app.baseUrl}/api/convert`, {
            method: 'POST',
            headers: { Authorization: `Bearer ${secret}`, 'Content-Type': 'application/json' },
            body: JSON.stringify({ input: 'a: 1', inputType: 'yaml', outputType: 'json' }),
          }).then((r) => r.status),
        ),
      );
      expect(calls.every((s) => s === 200)).toBe(true);
    } finally {
      await db.$disconnect();
    }
  } finally {
    // At once: well within the second before the next scheduled write.
    await app.stop();
  }
  const direct = await openEmbeddedDirect(dataDir);
  try {
    const rows = await direct.db.usageHour.findMany({ where: { userId: userId! } });
    expect(rows.reduce((sum, r) => sum + r.count, 0)).toBe(25);
  } finally {
    await direct.close();
  }
});
