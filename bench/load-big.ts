// 100 MB end to end: JSON mode and raw mode, both directions, while a prober measures
// GET /api/health/live; then the body caps and a client that leaves mid-conversion.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import { loadavg } from 'node:os';
import { apiKeyFor, groupCpuSeconds, groupRssMb, serverPid, startApp, threadSchedMs, type RunningServer } from './load-app';

export interface BigOptions {
  appPort: number;
  /** Input size in bytes (Enterprise accepts up to 100,000,000). */
  bytes: number;
  /** Phases to run: json2yaml, yaml2json (both by default). */
  directions: Array<'json2yaml' | 'yaml2json'>;
  /** Writes every health probe ([sent at (epoch ms), latency ms, status]) and the phases to this JSON file. */
  samplesFile?: string;
}

const HEALTH_GOAL_MS = 50;
const PROBE_INTERVAL_MS = 10;

const CITIES = ['Paris', 'Zürich', 'São Paulo', 'Kyoto', 'Oslo', 'Lagos', 'Austin', 'Kraków'];
const TAGS = ['alpha', 'beta', 'gamma', 'delta'];

/** Records of exported user data, as YAML and as JSON, each about `bytes` long (same records). */
export function bigDocuments(bytes: number): { yaml: string; json: string; records: number } {
  const yaml: string[] = [];
  const json: string[] = [];
  let yamlBytes = 0;
  let jsonBytes = 2;
  let i = 0;
  for (; ; i++) {
    const r = {
      id: i,
      name: `user-${i}`,
      email: `user${i}@example.com`,
      active: i % 3 !== 0,
      score: `${(i * 37) % 1000}.${i % 10}`,
      tags: TAGS.slice(0, 1 + (i % 4)),
      city: CITIES[i % CITIES.length]!,
      zip: String(10000 + (i % 89999)),
      balance: `${1234567890123 + i}.25`,
    };
    const y =
      `- id: ${r.id}\n  name: ${r.name}\n  email: ${r.email}\n  active: ${r.active}\n  score: ${r.score}\n` +
      `  tags: [${r.tags.join(', ')}]\n  address:\n    city: ${r.city}\n    zip: "${r.zip}"\n  balance: ${r.balance}\n`;
    const j =
      `  {\n    "id": ${r.id},\n    "name": "${r.name}",\n    "email": "${r.email}",\n    "active": ${r.active},\n    "score": ${r.score},\n` +
      `    "tags": [${r.tags.map((t) => `"${t}"`).join(', ')}],\n    "address": {\n      "city": "${r.city}",\n      "zip": "${r.zip}"\n    },\n    "balance": ${r.balance}\n  }`;
    const yb = Buffer.byteLength(y);
    const jb = Buffer.byteLength(j) + 2;
    if (yamlBytes + yb > bytes || jsonBytes + jb > bytes) break;
    yaml.push(y);
    json.push(j);
    yamlBytes += yb;
    jsonBytes += jb;
  }
  return { yaml: yaml.join(''), json: `[\n${json.join(',\n')}\n]\n`, records: i };
}

/**
 * GET /api/health/live every 10 ms from a process of its own (open loop: a stalled server delays
 * every probe sent meanwhile), so the load test's own work (100 MB bodies) cannot delay it.
 * Started with the URL and interval as arguments; stops when its stdin closes and writes its samples
 * to stdout as JSON.
 */
const PROBER = `
const http = require('node:http');
const [url, intervalMs] = [process.argv[1], Number(process.argv[2])];
// Idle sockets are dropped after 2 s, before the server's keep-alive timeout (5 s) could close
// one just as a probe is sent on it (a client-side ECONNRESET that says nothing about the server).
const agent = new http.Agent({ keepAlive: true, maxSockets: 32, timeout: 2000 });
const samples = [];
let stopped = false;
const start = performance.now();
let k = 0;
function tick() {
  if (stopped) return;
  const sentAt = performance.timeOrigin + performance.now();
  const t0 = performance.now();
  const req = http.get(url, { agent }, (res) => {
    res.resume();
    res.on('end', () => samples.push([sentAt, performance.now() - t0, res.statusCode]));
  });
  req.on('error', (err) => samples.push([sentAt, performance.now() - t0, 0, err.code || err.message]));
  k++;
  setTimeout(tick, Math.max(0, start + k * intervalMs - performance.now()));
}
tick();
process.stdin.resume();
process.stdin.on('end', () => { stopped = true; setTimeout(() => process.stdout.write(JSON.stringify(samples), () => process.exit(0)), 500); });
`;

/** [sent at (epoch ms), latency ms, HTTP status or 0, the error of a failed probe]. */
export type ProbeSample = [number, number, number, string?];

export interface Probe {
  stop(): Promise<ProbeSample[]>;
}

export function startProbe(url: string): Probe {
  const child = spawn(process.execPath, ['-e', PROBER, url, String(PROBE_INTERVAL_MS)], { stdio: ['pipe', 'pipe', 'inherit'] });
  const out: Buffer[] = [];
  child.stdout!.on('data', (chunk: Buffer) => out.push(chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stopped: Promise<ProbeSample[]> | undefined;
  return {
    stop() {
      stopped ??= (async () => {
        child.stdin!.end();
        await exited;
        return JSON.parse(Buffer.concat(out).toString('utf8') || '[]') as ProbeSample[];
      })();
      return stopped;
    },
  };
}

interface Phase {
  name: string;
  from: number;
  to: number;
  status?: number;
  ms?: number;
  responseBytes?: number;
  note?: string;
  peakRssMb?: number;
  /** How long the server's event-loop thread waited for a CPU during the phase (starvation by other processes). */
  loopWaitMs?: number;
  /** CPU time of the server's event-loop thread during the phase (health probes included). */
  loopRunMs?: number;
  /** CPU seconds per second of the whole server (all processes and threads) during the phase. */
  serverCpuPerSecond?: number;
  /** 1-minute load average at the end of the phase. */
  load?: number;
}

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  ms: number;
  /** When the request body was sent, and when the answer's headers came, ms after the start. */
  sentMs?: number;
  headersMs?: number;
  /** Request bytes written before the answer came (or the socket closed). */
  written: number;
}

/** POSTs a body (a Buffer, or an endless stream of `chunk` when body is null) and collects the reply. */
function post(
  url: string,
  headers: Record<string, string>,
  body: Buffer | null,
  options: { leaveAfterSentMs?: number; chunk?: Buffer; holdBodyMs?: number } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let written = 0;
    let answered = false;
    let sentMs: number | undefined;
    const req = http.request(url, { method: 'POST', headers, agent: false }, (res) => {
      answered = true;
      const headersMs = performance.now() - started;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode!,
          headers: res.headers,
          body: Buffer.concat(chunks),
          ms: performance.now() - started,
          sentMs,
          headersMs,
          written,
        }),
      );
      res.on('error', reject);
    });
    req.on('finish', () => {
      sentMs = performance.now() - started;
      if (options.leaveAfterSentMs !== undefined) setTimeout(() => req.destroy(), options.leaveAfterSentMs);
    });
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (answered) return;
      // A client that leaves on purpose, or a server that refused and closed while we were still
      // sending (the reset can arrive before its answer is read): status 0, with what was written.
      if (options.leaveAfterSentMs !== undefined || !body) {
        resolve({ status: 0, headers: {}, body: Buffer.from(err.code ?? err.message), ms: performance.now() - started, written });
      } else reject(err);
    });
    if (body) {
      written = body.byteLength;
      req.end(body);
      return;
    }
    const chunk = options.chunk!;
    const pump = () => {
      while (!answered && !req.destroyed) {
        written += chunk.byteLength;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
    };
    // Headers first: a server that refuses on the declared length answers before any body byte.
    req.flushHeaders();
    setTimeout(pump, options.holdBodyMs ?? 0);
  });
}

export function stats(values: number[]): { n: number; p50: number; p99: number; max: number } {
  const s = [...values].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] ?? NaN;
  return { n: s.length, p50: at(0.5), p99: at(0.99), max: s[s.length - 1] ?? NaN };
}

const MB = (n: number) => `${(n / 1e6).toFixed(1)} MB`;

export async function runBig(options: BigOptions): Promise<void> {
  console.log(`\n## 100 MB end to end (POST /api/convert, JSON mode and raw mode), GET /api/health/live probed every ${PROBE_INTERVAL_MS} ms`);
  const t0 = performance.now();
  const docs = bigDocuments(options.bytes);
  console.log(
    `input: ${docs.records.toLocaleString('en-US')} records; YAML ${MB(Buffer.byteLength(docs.yaml))}, JSON ${MB(Buffer.byteLength(docs.json))} (made in ${((performance.now() - t0) / 1000).toFixed(1)} s)`,
  );
  let app: RunningServer | undefined;
  let probe: Probe | undefined;
  const phases: Phase[] = [];
  try {
    app = await startApp(options.appPort);
    const key = await apiKeyFor(app);
    console.log(`app: ${app.baseUrl}; key: ${key.source}`);
    const auth: Record<string, string> = key.authorization ? { Authorization: key.authorization } : {};
    const server = app;
    probe = startProbe(`${app.baseUrl}/api/health/live`);

    const loopPid = serverPid(server.pgid);
    /**
     * Runs one phase: `run` inside the measured window (requests only; bodies are made before
     * it and answers checked after it, so the client's own work stays out of the window).
     */
    const phase = async <T>(name: string, run: () => Promise<T>, describe: (result: T) => Omit<Phase, 'name' | 'from' | 'to'>) => {
      const from = Date.now();
      const cpuBefore = groupCpuSeconds(server.pgid);
      const sched = loopPid === null ? null : threadSchedMs(loopPid);
      let peak = groupRssMb(server.pgid);
      const rss = setInterval(() => (peak = Math.max(peak, groupRssMb(server.pgid))), 250);
      let p: Phase;
      try {
        const result = await run();
        const to = Date.now();
        p = { name, from, to, peakRssMb: peak, ...describe(result) };
      } catch (err) {
        p = { name, from, to: Date.now(), peakRssMb: peak, note: `failed: ${err instanceof Error ? err.message : String(err)}` };
      } finally {
        clearInterval(rss);
      }
      const after = loopPid === null ? null : threadSchedMs(loopPid);
      if (sched && after) {
        p.loopWaitMs = after.wait - sched.wait;
        p.loopRunMs = after.run - sched.run;
      }
      p.load = loadavg()[0];
      p.serverCpuPerSecond = (groupCpuSeconds(server.pgid) - cpuBefore) / ((Date.now() - from) / 1000);
      phases.push(p);
      console.log(`  ${name}: ${p.status ?? '-'} in ${p.ms === undefined ? '-' : `${(p.ms / 1000).toFixed(1)} s`}${p.note ? `, ${p.note}` : ''}`);
    };
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

    await phase(
      'idle, before (no conversion)',
      () => pause(3000),
      () => ({}),
    );

    // The first large body starts the pool's workers: measured on its own, before the 100 MB phases.
    const first = Buffer.from(docs.json.slice(0, docs.json.indexOf('\n  },\n', 1_000_000) + 4) + '\n]\n');
    await phase(
      `first large conversion (${MB(first.byteLength)}, starts the pool)`,
      () =>
        post(
          `${server.baseUrl}/api/convert?from=json&to=yaml`,
          { ...auth, 'Content-Type': 'application/json', 'Content-Length': String(first.byteLength) },
          first,
        ),
      (reply) => ({ status: reply.status, ms: reply.ms, responseBytes: reply.body.byteLength }),
    );

    const jsonHeaders = { ...auth, 'Content-Type': 'application/json' };
    for (const direction of options.directions) {
      const [from, to] = direction === 'json2yaml' ? (['json', 'yaml'] as const) : (['yaml', 'json'] as const);
      const input = direction === 'json2yaml' ? docs.json : docs.yaml;
      const inputBytes = Buffer.byteLength(input);
      let body = Buffer.from(JSON.stringify({ input, inputType: from, outputType: to }));
      await phase(
        `convert ${from} -> ${to}, JSON mode`,
        () => post(`${server.baseUrl}/api/convert`, { ...jsonHeaders, 'Content-Length': String(body.byteLength) }, body),
        (reply) => ({
          status: reply.status,
          ms: reply.ms,
          responseBytes: reply.body.byteLength,
          note: `${timings(reply)}; ${checkJsonMode(reply, inputBytes, docs.records, to)}`,
        }),
      );
      body = Buffer.from(input);
      await phase(
        `convert ${from} -> ${to}, raw mode`,
        () =>
          post(
            `${server.baseUrl}/api/convert?from=${from}&to=${to}`,
            { ...auth, 'Content-Type': `application/${from}`, 'Content-Length': String(body.byteLength) },
            body,
          ),
        (reply) => ({
          status: reply.status,
          ms: reply.ms,
          responseBytes: reply.body.byteLength,
          note: `${timings(reply)}; ${checkRawMode(reply, inputBytes, docs.records, to)}`,
        }),
      );
    }

    const filler = Buffer.alloc(1 << 20, 32);
    await phase(
      'raw mode, declared Content-Length 100,000,001',
      () =>
        post(
          `${server.baseUrl}/api/convert?from=json&to=yaml`,
          { ...auth, 'Content-Type': 'application/json', 'Content-Length': '100000001' },
          null,
          { chunk: filler, holdBodyMs: 1000 },
        ),
      (reply) => ({
        status: reply.status,
        ms: reply.ms,
        note: `${MB(reply.written)} of the body sent before the answer (the client waits 1 s before sending): ${errorCode(reply)}`,
      }),
    );
    await phase(
      'JSON mode, endless chunked body',
      () => post(`${server.baseUrl}/api/convert`, { ...jsonHeaders, 'Transfer-Encoding': 'chunked' }, null, { chunk: filler }),
      (reply) => ({ status: reply.status, ms: reply.ms, note: `${MB(reply.written)} written before the answer (cap 201.0 MB): ${errorCode(reply)}` }),
    );

    const leaving = Buffer.from(docs.json);
    await phase(
      'client leaves 0.5 s after sending a raw json -> yaml',
      async () => {
        const reply = await post(
          `${server.baseUrl}/api/convert?from=json&to=yaml`,
          { ...auth, 'Content-Type': 'application/json', 'Content-Length': String(leaving.byteLength) },
          leaving,
          { leaveAfterSentMs: 500 },
        );
        // The pool replaces the stopped worker (a second of start-up), then the server should be idle.
        await pause(1000);
        const before = groupCpuSeconds(server.pgid);
        await pause(2000);
        return { reply, cpuPerSecond: (groupCpuSeconds(server.pgid) - before) / 2 };
      },
      ({ reply, cpuPerSecond }) => ({
        status: reply.status,
        ms: reply.ms,
        note:
          reply.status === 0
            ? `server CPU 1 to 3 s after the client left: ${cpuPerSecond.toFixed(2)} s per second (compare the idle phases; a conversion still running adds about 1)`
            : 'the answer came before the client left: nothing to cancel (inconclusive)',
      }),
    );
    await phase(
      'idle, after',
      () => pause(3000),
      () => ({}),
    );

    const samples = await probe.stop();
    probe = undefined;
    if (options.samplesFile) writeFileSync(options.samplesFile, JSON.stringify({ phases, samples }));
    console.log(`\nGET /api/health/live while each phase ran (goal: p99 under ${HEALTH_GOAL_MS} ms during a 100 MB conversion)`);
    console.log('"server CPU": CPU seconds per second of all the server\'s processes and threads; "loop CPU": CPU time of its event-loop thread');
    console.log(
      '(probes included); "loop wait": the time that thread waited for a CPU (taken by other processes); "load": 1-minute load average (2 cores).',
    );
    console.log(
      'phase                                                  status  time s  response    peak RSS   probes  p50 ms  p99 ms  max ms  failed  server CPU   loop CPU  loop wait  load',
    );
    for (const p of phases) {
      const mine = samples.filter(([sentAt]) => sentAt >= p.from && sentAt <= p.to);
      const s = stats(mine.map(([, ms]) => ms));
      const failed = mine.filter(([, , status]) => status !== 200).length;
      console.log(
        `${p.name.padEnd(54)} ${String(p.status ?? '-').padStart(6)} ${(p.ms === undefined ? '-' : (p.ms / 1000).toFixed(1)).padStart(7)} ${(p.responseBytes === undefined ? '-' : MB(p.responseBytes)).padStart(9)} ${(p.peakRssMb === undefined ? '-' : `${p.peakRssMb.toFixed(0)} MB`).padStart(10)} ${String(s.n).padStart(8)} ${s.p50.toFixed(1).padStart(7)} ${s.p99.toFixed(1).padStart(7)} ${s.max.toFixed(1).padStart(7)} ${String(failed).padStart(7)} ${(p.serverCpuPerSecond === undefined ? '-' : `${p.serverCpuPerSecond.toFixed(2)} s/s`).padStart(11)} ${(p.loopRunMs === undefined ? '-' : `${p.loopRunMs.toFixed(0)} ms`).padStart(10)} ${(p.loopWaitMs === undefined ? '-' : `${p.loopWaitMs.toFixed(0)} ms`).padStart(10)} ${(p.load ?? NaN).toFixed(1).padStart(5)}`,
      );
    }
    const failures = samples.filter(([, , status]) => status !== 200);
    if (failures.length > 0) {
      console.log(
        `failed probes: ${failures.map(([sentAt, ms, status, error]) => `${new Date(sentAt).toISOString()} ${status || error} after ${ms.toFixed(0)} ms`).join('; ')}`,
      );
    }
  } finally {
    await probe?.stop();
    await app?.stop();
  }
}

function timings(reply: Reply): string {
  const s = (ms: number | undefined) => (ms === undefined ? '-' : (ms / 1000).toFixed(1));
  return `body sent after ${s(reply.sentMs)} s, answer headers after ${s(reply.headersMs)} s, answer read after ${s(reply.ms)} s`;
}

function errorCode(reply: Reply): string {
  if (reply.status === 0) return `connection closed by the server (${reply.body.toString('utf8')}) before its answer was read`;
  try {
    return JSON.parse(reply.body.toString('utf8')).error.code;
  } catch {
    return reply.body.subarray(0, 200).toString('utf8');
  }
}

/** A light check that the answer holds the converted records (the converter's own tests check the details). */
function checkOutput(output: string, records: number, to: 'json' | 'yaml'): string {
  const marker = to === 'yaml' ? '\n  name: user-' : '\n    "name": "user-';
  let count = 0;
  for (let at = output.indexOf(marker); at !== -1; at = output.indexOf(marker, at + 1)) count++;
  const expectedStart = to === 'yaml' ? '- id: 0\n  name: user-0\n' : '[\n  {\n    "id": 0,\n    "name": "user-0",';
  return output.startsWith(expectedStart) && count === records
    ? `output ok (${count.toLocaleString('en-US')} records)`
    : `output WRONG (${count} of ${records} records)`;
}

function checkJsonMode(reply: Reply, inputBytes: number, records: number, to: 'json' | 'yaml'): string {
  if (reply.status !== 200) return errorCode(reply);
  const body = JSON.parse(reply.body.toString('utf8'));
  const size = body.metadata.inputSize === inputBytes ? '' : `, inputSize ${body.metadata.inputSize} != ${inputBytes}`;
  return `${checkOutput(body.output, records, to)}, processingMs ${body.metadata.processingMs}${size}`;
}

function checkRawMode(reply: Reply, inputBytes: number, records: number, to: 'json' | 'yaml'): string {
  if (reply.status !== 200) return errorCode(reply);
  const size = Number(reply.headers['x-conversion-input-size']) === inputBytes ? '' : ', X-Conversion-Input-Size wrong';
  return `${checkOutput(reply.body.toString('utf8'), records, to)}, processingMs ${reply.headers['x-conversion-processing-ms']}${size}`;
}
