/**
 * Slow uploads against the built app (issue 10 §4): N connections each declare a 100 MB JSON body,
 * send a few bytes and stop, while /api/health/live is probed every 50 ms. Prints the probes'
 * worst and p99 latency, how the uploads were answered, and the server's resident memory.
 *
 *   node --import tsx bench/slow-uploads.ts [--uploads 2000] [--no-gate]
 *
 * --no-gate raises MAX_LARGE_BODIES(_PER_ACCOUNT) so every upload is read: what the buffers alone cost.
 * Needs a build (`npm run build`); starts its own app on a fresh embedded database (Enterprise key).
 */
import { readFileSync } from 'node:fs';
import net from 'node:net';
import { parseArgs } from 'node:util';
import { startEmbeddedApp } from '../test/setup/embedded-app';

const { values } = parseArgs({ options: { uploads: { type: 'string', default: '2000' }, 'no-gate': { type: 'boolean', default: false } } });
const UPLOADS = Number(values.uploads);

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

async function main() {
  const server = await startEmbeddedApp({
    logName: 'bench-slow-uploads',
    email: 'slow-uploads@yamljson.test',
    plan: 'enterprise',
    env: values['no-gate'] ? { MAX_LARGE_BODIES: '100000', MAX_LARGE_BODIES_PER_ACCOUNT: '100000' } : {},
  });
  const port = Number(new URL(server.app.baseUrl).port);
  // The embedded database's owner is the server: its pid is in the folder's server file.
  const pid = (JSON.parse(readFileSync(`${server.dataDir}.server.json`, 'utf8')) as { pid: number }).pid;
  const rssBefore = pid ? rssMb(pid) : NaN;
  const latencies: number[] = [];
  let probing = true;
  const probe = (async () => {
    while (probing) {
      const t = performance.now();
      try {
        await fetch(`${server.app.baseUrl}/api/health/live`, { signal: AbortSignal.timeout(60_000) });
        latencies.push(performance.now() - t);
      } catch {
        latencies.push(Infinity);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const statuses = new Map<string, number>();
  const sockets: net.Socket[] = [];
  const t0 = performance.now();
  for (let i = 0; i < UPLOADS; i++) {
    const socket = net.connect({ host: '127.0.0.1', port });
    let seen = false;
    socket.on('data', (d: Buffer) => {
      if (seen) return;
      seen = true;
      const status = d.toString('latin1', 9, 12);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    });
    socket.on('error', () => {});
    socket.write(
      'POST /api/validate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        `Authorization: Bearer ${server.key}\r\nContent-Length: 100000000\r\n\r\n{"type":"yaml","input":"`,
    );
    sockets.push(socket);
    if (i % 100 === 99) await new Promise((r) => setTimeout(r, 10));
  }
  const opened = performance.now() - t0;
  await new Promise((r) => setTimeout(r, 5_000));
  const rssAfter = pid ? rssMb(pid) : NaN;
  probing = false;
  await probe;
  const sorted = latencies.filter(Number.isFinite).sort((a, b) => a - b);
  const p99 = sorted[Math.floor(sorted.length * 0.99)] ?? NaN;
  console.log(
    `${UPLOADS} slow uploads declaring 100 MB${values['no-gate'] ? ' (gate raised)' : ''}: opened in ${(opened / 1000).toFixed(1)} s; ` +
      `health probes: ${latencies.length}, worst ${Math.max(...latencies).toFixed(0)} ms, p99 ${p99.toFixed(0)} ms, failed ${latencies.length - sorted.length}; ` +
      `answers: ${[...statuses].map(([s, n]) => `${s} x${n}`).join(', ') || 'none'}, still uploading ${UPLOADS - [...statuses.values()].reduce((a, b) => a + b, 0)}; ` +
      `server RSS ${rssBefore.toFixed(0)} -> ${rssAfter.toFixed(0)} MB`,
  );
  for (const s of sockets) s.destroy();
  await server.stop();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
