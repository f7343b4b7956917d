/**
 * Idle connections against the built app: N connections opened at once that never
 * send a byte (from two helper processes, so the client side has the open files), while
 * /api/health/live is probed every 100 ms, each time on a new connection. Prints how many probes failed, for how long, and the
 * worst answer time; the server's connection cap and headers timeout are what decide.
 *
 *   node --import tsx bench/idle-connections.ts [--connections 22000] [--seconds 40]
 *
 * Needs a build (`npm run build`); starts its own app on a fresh embedded database.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { parseArgs } from 'node:util';
import { startEmbeddedApp } from '../test/setup/embedded-app';

const { values } = parseArgs({ options: { connections: { type: 'string', default: '22000' }, seconds: { type: 'string', default: '40' } } });
const CONNECTIONS = Number(values.connections);
const SECONDS = Number(values.seconds);

/** A process that opens `count` connections to the port, sends nothing, keeps them until killed. */
const OPENER = `
const net = require('node:net');
const [port, count] = process.argv.slice(1).map(Number);
let open = 0, closed = 0, failed = 0;
for (let i = 0; i < count; i++) {
  const s = net.connect({ host: '127.0.0.1', port });
  s.on('connect', () => open++);
  s.on('error', () => failed++);
  s.on('close', () => closed++);
}
setInterval(() => console.log(JSON.stringify({ open, closed, failed })), 1000);
`;

async function main() {
  const server = await startEmbeddedApp({ logName: 'bench-idle-connections', email: 'idle@yamljson.test', plan: 'free' });
  const port = new URL(server.app.baseUrl).port;
  // The embedded database's owner is the server: its pid is in the folder's server file.
  const pid = (JSON.parse(readFileSync(`${server.dataDir}.server.json`, 'utf8')) as { pid: number }).pid;
  const openFiles = () => {
    try {
      return readdirSync(`/proc/${pid}/fd`).length;
    } catch {
      return NaN;
    }
  };
  let mostFiles = 0;
  const openers = [0, 1].map(() =>
    spawn(process.execPath, ['-e', OPENER, port, String(Math.ceil(CONNECTIONS / 2))], { stdio: ['ignore', 'pipe', 'inherit'] }),
  );
  const last: Array<{ open: number; closed: number; failed: number }> = [
    { open: 0, closed: 0, failed: 0 },
    { open: 0, closed: 0, failed: 0 },
  ];
  openers.forEach((p, i) => void p.stdout!.on('data', (d: Buffer) => (last[i] = JSON.parse(d.toString().trim().split('\n').at(-1)!))));
  const t0 = performance.now();
  const failures: number[] = [];
  let ok = 0;
  let worst = 0;
  while (performance.now() - t0 < SECONDS * 1000) {
    const t = performance.now();
    // A new connection per probe, as a new client would make.
    const status = await new Promise<number>((resolve) => {
      const req = http.get(`${server.app.baseUrl}/api/health/live`, { agent: false, timeout: 5_000 }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('timeout', () => req.destroy());
      req.on('error', () => resolve(0));
    });
    if (status === 200) {
      ok++;
      worst = Math.max(worst, performance.now() - t);
    } else {
      failures.push((t - t0) / 1000);
    }
    mostFiles = Math.max(mostFiles, openFiles());
    await new Promise((r) => setTimeout(r, 100));
  }
  const sum = last.reduce((a, b) => ({ open: a.open + b.open, closed: a.closed + b.closed, failed: a.failed + b.failed }));
  console.log(
    `${CONNECTIONS} idle connections: probes ok ${ok}, failed ${failures.length}` +
      (failures.length ? ` (from ${failures[0]!.toFixed(1)} s to ${failures.at(-1)!.toFixed(1)} s)` : '') +
      `, worst ok answer ${worst.toFixed(0)} ms; the server's open files: at most ${mostFiles}, at the end ${openFiles()}; ` +
      `connections the clients saw open ${sum.open} (the kernel completes handshakes the server never accepts)`,
  );
  for (const p of openers) p.kill();
  await server.stop();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
