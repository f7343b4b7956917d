/**
 * Slow uploads against the built app: N connections of one account each declare a
 * JSON body (100 MB by default), send a few bytes and stop, while /api/health/live is probed every
 * 50 ms. Prints the probes' worst and p99 latency and failures, how the uploads were answered, and
 * the server's resident memory.
 *
 *   node --import tsx bench/slow-uploads.ts [--uploads 2000] [--no-gate]
 *   node --import tsx bench/slow-uploads.ts --uploads 1100 --declare 999999 --max-connections 1000 --plan pro --fresh-probes --hold 20 --reopen
 *
 * --no-gate raises MAX_LARGE_BODIES(_PER_ACCOUNT) and MAX_UPLOADS_PER_ACCOUNT so every upload is read:
 * what the buffers alone cost. --declare sets the declared Content-Length (999999: under the 1 MiB of
 * a large body); --max-connections sets HTTP_MAX_CONNECTIONS; --plan the uploading account's plan;
 * --fresh-probes sends each probe on a new connection (a client arriving while the cap is full) and
 * counts the ones refused or reset; --hold how long the uploads are held while probed, s; --pace
 * how many uploads are opened per 10 ms (100); --reopen opens again an upload the server closed
 * without an answer (dropped at the cap, or closed as idle from 95% of it), as an attacker keeping
 * N uploads going would.
 * Needs a build (`npm run build`); starts its own app on a fresh embedded database.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { parseArgs } from 'node:util';
import { startEmbeddedApp } from '../test/setup/embedded-app';

const { values } = parseArgs({
  options: {
    uploads: { type: 'string', default: '2000' },
    'no-gate': { type: 'boolean', default: false },
    declare: { type: 'string', default: '100000000' },
    'max-connections': { type: 'string' },
    plan: { type: 'string', default: 'enterprise' },
    'fresh-probes': { type: 'boolean', default: false },
    hold: { type: 'string', default: '5' },
    pace: { type: 'string', default: '100' },
    reopen: { type: 'boolean', default: false },
  },
});
const UPLOADS = Number(values.uploads);
/** Uploads opened per 10 ms: a burst faster than the server reads their headers has some closed as idle from 95% of the cap. */
const PACE = Number(values.pace);
const DECLARED = Number(values.declare);
const PLAN = values.plan as 'free' | 'pro' | 'enterprise';
if (!['free', 'pro', 'enterprise'].includes(PLAN)) throw new Error(`--plan is free, pro or enterprise, not "${values.plan}".`);

/** GET /api/health/live; on a connection of its own with --fresh-probes. */
function probeOnce(baseUrl: string): Promise<number> {
  if (!values['fresh-probes'])
    return fetch(`${baseUrl}/api/health/live`, { signal: AbortSignal.timeout(60_000) }).then((r) => r.arrayBuffer().then(() => r.status));
  return new Promise((resolve, reject) => {
    const req = http.get(`${baseUrl}/api/health/live`, { agent: false, timeout: 60_000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
  });
}

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

async function main() {
  const server = await startEmbeddedApp({
    logName: 'bench-slow-uploads',
    email: 'slow-uploads@yamljson.test',
    plan: PLAN,
    env: {
      ...(values['no-gate'] ? { MAX_LARGE_BODIES: '100000', MAX_LARGE_BODIES_PER_ACCOUNT: '100000', MAX_UPLOADS_PER_ACCOUNT: '100000' } : {}),
      ...(values['max-connections'] ? { HTTP_MAX_CONNECTIONS: values['max-connections'] } : {}),
    },
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
        const status = await probeOnce(server.app.baseUrl);
        latencies.push(status === 200 ? performance.now() - t : Infinity);
      } catch {
        latencies.push(Infinity);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const statuses = new Map<string, number>();
  const sockets: net.Socket[] = [];
  let closedUnanswered = 0;
  let uploading = true;
  let reopened = 0;
  /** One slow upload; with --reopen, one the server closed without an answer is opened again (the attacker keeps N going). */
  const upload = () => {
    const socket = net.connect({ host: '127.0.0.1', port });
    let seen = false;
    socket.on('data', (d: Buffer) => {
      if (seen) return;
      seen = true;
      const status = d.toString('latin1', 9, 12);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      if (seen) return;
      closedUnanswered++;
      if (values.reopen && uploading && reopened < 10 * UPLOADS) {
        reopened++;
        setTimeout(upload, 10);
      }
    });
    socket.write(
      'POST /api/validate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        `Authorization: Bearer ${server.key}\r\nContent-Length: ${DECLARED}\r\n\r\n{"type":"yaml","input":"`,
    );
    sockets.push(socket);
  };
  const t0 = performance.now();
  for (let i = 0; i < UPLOADS; i++) {
    upload();
    if (i % PACE === PACE - 1) await new Promise((r) => setTimeout(r, 10));
  }
  const opened = performance.now() - t0;
  await new Promise((r) => setTimeout(r, Number(values.hold) * 1000));
  const rssAfter = pid ? rssMb(pid) : NaN;
  uploading = false;
  probing = false;
  await probe;
  const sorted = latencies.filter(Number.isFinite).sort((a, b) => a - b);
  const p99 = sorted[Math.floor(sorted.length * 0.99)] ?? NaN;
  console.log(
    `${UPLOADS} slow uploads of one ${PLAN} account declaring ${DECLARED.toLocaleString('en-US')} bytes${values['no-gate'] ? ' (gate raised)' : ''}` +
      `${values['max-connections'] ? `, HTTP_MAX_CONNECTIONS=${values['max-connections']}` : ''}: opened in ${(opened / 1000).toFixed(1)} s; ` +
      `health probes${values['fresh-probes'] ? ' (each on a new connection)' : ''}: ${latencies.length}, worst answered ${Math.max(...sorted).toFixed(0)} ms, p99 ${p99.toFixed(0)} ms, failed ${latencies.length - sorted.length}; ` +
      `answers: ${[...statuses].map(([s, n]) => `${s} x${n}`).join(', ') || 'none'}, closed unanswered ${closedUnanswered}${values.reopen ? ` (reopened ${reopened})` : ''}, ` +
      `still uploading ${sockets.filter((socket) => !socket.destroyed && socket.bytesRead === 0).length}; ` +
      `server RSS ${rssBefore.toFixed(0)} -> ${rssAfter.toFixed(0)} MB`,
  );
  for (const s of sockets) s.destroy();
  await server.stop();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
