// The embedded server counts quota calls in memory and writes them every second; a stop (SIGTERM)
// must write what is still in memory before the database closes, so no accepted call goes
// uncounted. A server of its own, stopped right after its calls, then the folder read directly.
import { expect, it } from 'vitest';
import { openEmbeddedDirect } from '@/lib/db/embedded';
import { startEmbeddedApp } from '../setup/embedded-app';

it('writes the calls counted in memory when it is stopped', async () => {
  const server = await startEmbeddedApp({ logName: 'api-server-shutdown', email: 'shutdown@yamljson.test', plan: 'free' });
  try {
    const calls = await Promise.all(
      Array.from({ length: 25 }, () =>
        fetch(`${server.app.baseUrl}/api/convert`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${server.key}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ input: 'a: 1', inputType: 'yaml', outputType: 'json' }),
        }).then((r) => r.status),
      ),
    );
    expect(calls.every((s) => s === 200)).toBe(true);
    // At once: well within the second before the next scheduled write.
    await server.app.stop();
    const direct = await openEmbeddedDirect(server.dataDir);
    try {
      const rows = await direct.db.usageHour.findMany({ where: { userId: server.userId } });
      expect(rows.reduce((sum, r) => sum + r.count, 0)).toBe(25);
    } finally {
      await direct.close();
    }
  } finally {
    await server.stop();
  }
});
