// Attacks on the running app: the worst inputs a Free account may send, three at a
// time, while a prober measures GET /api/health/live (--hostile); and one Free account flooding the
// pool with 1 MB jobs while another account converts a 378 KB document (--fair).
import http from 'node:http';
import { loadavg } from 'node:os';
import { bigDocuments, startProbe, stats, type Probe, type ProbeSample } from './load-big';
import { createKey, serverPid, startApp, threadSchedMs, type RunningServer } from './load-app';

export interface HostileOptions {
  appPort: number;
  /** How long each attack phase is measured before the attacker leaves, s. */
  windowSeconds: number;
}

export interface LoopsOptions {
  appPort: number;
  /** Loops of one account, each sending its next request when the last is answered (one phase per count). */
  loops: number[];
  /** How long each phase is measured, s. */
  windowSeconds: number;
}

export interface FairOptions {
  appPort: number;
  /** Concurrent 1 MB jobs of the flooding account. */
  flood: number;
  /** Conversions of the other account, one after another, alone and then under the flood. */
  rounds: number;
}

const HEALTH_GOAL_MS = 50;
/** The Free plan's input limit. */
const FREE_INPUT = 1_000_000;

/** The families of inputs that took longest when the converter was quadratic in them, `bytes` long. */
const ATTACKS = {
  /** Unclosed flow sequences, one per line: the issue's repro. */
  openers: (bytes: number) => '- [\n'.repeat(Math.floor(bytes / 4)),
  /** Merges of the same anchor in every mapping. */
  merges: (bytes: number) => {
    const lines = ['a: &a {x: 1}\n'];
    let size = lines[0]!.length;
    for (let i = 0; ; i++) {
      const line = `k${i}: {<<: [*a, *a]}\n`;
      if (size + line.length > bytes) break;
      lines.push(line);
      size += line.length;
    }
    return lines.join('');
  },
  /** Unclosed double quotes, one per line. */
  quotes: (bytes: number) => '- "a\n'.repeat(Math.floor(bytes / 5)),
};

interface Attack {
  name: string;
  path: '/api/convert' | '/api/validate';
  body: Buffer;
}

function attack(family: keyof typeof ATTACKS, inputBytes: number, path: Attack['path']): Attack {
  const input = ATTACKS[family](inputBytes);
  const body = Buffer.from(JSON.stringify(path === '/api/validate' ? { input, type: 'yaml' } : { input, inputType: 'yaml', outputType: 'json' }));
  const kb = (n: number) => `${Math.round(n / 1000)} KB`;
  return { name: `3 x ${family} ${path.slice(5)} (input ${kb(Buffer.byteLength(input))}, body ${kb(body.byteLength)})`, path, body };
}

interface Reply {
  status: number;
  ms: number;
  code?: string;
}

/** POSTs a JSON body (on a connection of its own unless `agent` is given); resolves with status 0 ('left') if `signal` aborts first. */
function post(url: string, authorization: string, body: Buffer, signal?: AbortSignal, agent: http.Agent | false = false): Promise<Reply> {
  return new Promise((resolve) => {
    const started = performance.now();
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        signal,
        headers: { Authorization: authorization, 'Content-Type': 'application/json', 'Content-Length': String(body.byteLength) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          let code: string | undefined;
          if (res.statusCode !== 200) {
            try {
              code = JSON.parse(Buffer.concat(chunks).toString('utf8')).error.code;
            } catch {
              code = undefined;
            }
          }
          resolve({ status: res.statusCode!, ms: performance.now() - started, code });
        });
        res.on('error', () => resolve({ status: 0, ms: performance.now() - started, code: 'left' }));
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) =>
      resolve({ status: 0, ms: performance.now() - started, code: signal?.aborted ? 'left' : (err.code ?? err.message) }),
    );
    req.end(body);
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the health check answers within the goal again (a phase's leftovers must not count in the next). */
async function untilQuiet(baseUrl: string, maxMs: number): Promise<number> {
  const started = Date.now();
  let quiet = 0;
  while (Date.now() - started < maxMs) {
    const t = performance.now();
    await fetch(`${baseUrl}/api/health/live`).then((r) => r.arrayBuffer());
    quiet = performance.now() - t < 20 ? quiet + 1 : 0;
    if (quiet >= 20) break;
    await pause(50);
  }
  return (Date.now() - started) / 1000;
}

/** CPU time of the server's event-loop thread, and time it waited for a CPU, during a phase (Linux schedstat). */
interface LoopTime {
  run: number;
  wait: number;
}

function healthLine(name: string, samples: ProbeSample[], from: number, to: number, loop?: LoopTime): string {
  const mine = samples.filter(([sentAt]) => sentAt >= from && sentAt <= to);
  const s = stats(mine.map(([, ms]) => ms));
  const failed = mine.filter(([, , status]) => status !== 200).length;
  const verdict = s.p99 < HEALTH_GOAL_MS ? 'ok' : 'OVER';
  const ms = (n: number | undefined) => (n === undefined ? '-' : n.toFixed(0)).padStart(9);
  return `${name.padEnd(70)} ${String(s.n).padStart(6)} ${s.p50.toFixed(1).padStart(7)} ${s.p99.toFixed(1).padStart(8)} ${s.max.toFixed(0).padStart(7)} ${String(failed).padStart(6)} ${ms(loop?.run)} ${ms(loop?.wait)}  ${verdict}`;
}

const HEALTH_HEADER =
  `${'phase'.padEnd(70)} ${'probes'.padStart(6)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(7)} ${'failed'.padStart(6)} ` +
  `${'loop CPU'.padStart(9)} ${'loop wait'.padStart(9)}  goal p99 < ${HEALTH_GOAL_MS} ms\n` +
  '("loop CPU": ms the server\'s event-loop thread ran, probes included; "loop wait": ms it waited for a CPU held by other processes)';

/** Measures the event-loop thread's schedstat around `run`. */
async function loopTime<T>(app: RunningServer, run: () => Promise<T>): Promise<[T, LoopTime | undefined]> {
  const pid = serverPid(app.pgid);
  const before = threadSchedMs(pid);
  const result = await run();
  const after = threadSchedMs(pid);
  return [result, before && after ? { run: after.run - before.run, wait: after.wait - before.wait } : undefined];
}

async function withApp<T>(port: number, run: (app: RunningServer) => Promise<T>): Promise<T> {
  const app = await startApp(port);
  try {
    return await run(app);
  } finally {
    await app.stop();
  }
}

const fmtReply = (r: Reply) =>
  r.status === 0 ? `${r.code} after ${(r.ms / 1000).toFixed(1)} s` : `${r.status}${r.code ? ` ${r.code}` : ''} in ${(r.ms / 1000).toFixed(1)} s`;

export async function runHostile(options: HostileOptions): Promise<void> {
  const attacks = [
    attack('openers', 208_000, '/api/validate'),
    attack('openers', FREE_INPUT, '/api/validate'),
    attack('merges', FREE_INPUT, '/api/convert'),
    attack('quotes', FREE_INPUT, '/api/convert'),
  ];
  console.log(
    `\n## Hostile inputs: three at once from one Free account, GET /api/health/live probed every 10 ms (${options.windowSeconds} s per phase, then the attacker leaves)`,
  );
  await withApp(options.appPort, async (app) => {
    const auth = `Bearer ${createKey(app, `attacker-${Date.now()}@yamljson.test`, 'free')}`;
    const probe: Probe = startProbe(`${app.baseUrl}/api/health/live`);
    const phases: Array<{ name: string; from: number; to: number; note: string; loop?: LoopTime }> = [];
    try {
      let from = Date.now();
      const [, idle] = await loopTime(app, () => pause(3000));
      phases.push({ name: 'idle', from, to: Date.now(), note: '', loop: idle });
      for (const a of attacks) {
        const leave = new AbortController();
        from = Date.now();
        const [answers, loop] = await loopTime(app, async () => {
          const replies = Promise.all([0, 1, 2].map(() => post(`${app.baseUrl}${a.path}`, auth, a.body, leave.signal)));
          const timer = setTimeout(() => leave.abort(), options.windowSeconds * 1000);
          const out = await replies;
          clearTimeout(timer);
          return out;
        });
        const to = Date.now();
        const settled = await untilQuiet(app.baseUrl, 180_000);
        phases.push({ name: a.name, from, to, loop, note: `${answers.map(fmtReply).join('; ')}; quiet again ${settled.toFixed(1)} s later` });
        console.log(`  ${a.name}: ${phases.at(-1)!.note}`);
      }
    } finally {
      const samples = await probe.stop();
      console.log(
        `\nload average ${loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')} (2 cores)`,
      );
      console.log(HEALTH_HEADER);
      for (const p of phases) console.log(healthLine(p.name, samples, p.from, p.to, p.loop));
    }
  });
}

export async function runFair(options: FairOptions): Promise<void> {
  // The issue's 378 KB: whole records of the big benchmark's YAML, up to that size.
  const records = bigDocuments(600_000).yaml;
  const document = records.slice(0, records.lastIndexOf('\n- id: ', 378_000) + 1);
  const yBody = Buffer.from(JSON.stringify({ input: document, inputType: 'yaml', outputType: 'json' }));
  const xBody = attack('openers', FREE_INPUT, '/api/convert').body;
  console.log(
    `\n## Fair pool: account Y converts ${Math.round(Buffer.byteLength(document) / 1000)} KB of YAML (${options.rounds} times, one after another) alone, ` +
      `then while Free account X has ${options.flood} concurrent 1 MB "- [" conversions running or waiting`,
  );
  await withApp(options.appPort, async (app) => {
    const stamp = Date.now();
    const x = `Bearer ${createKey(app, `flooder-${stamp}@yamljson.test`, 'free')}`;
    const y = `Bearer ${createKey(app, `neighbour-${stamp}@yamljson.test`, 'free')}`;
    const probe = startProbe(`${app.baseUrl}/api/health/live`);
    const rounds = async () => {
      const out: Reply[] = [];
      for (let i = 0; i < options.rounds; i++) out.push(await post(`${app.baseUrl}/api/convert`, y, yBody, AbortSignal.timeout(300_000)));
      return out;
    };
    const lines: string[] = [];
    let samples: ProbeSample[] = [];
    try {
      await post(`${app.baseUrl}/api/convert`, y, yBody); // warm-up: starts the pool's workers
      let from = Date.now();
      const [alone, aloneLoop] = await loopTime(app, rounds);
      const aloneWindow = [from, Date.now()] as const;
      console.log(`  Y alone: ${alone.map(fmtReply).join('; ')}`);
      const leave = new AbortController();
      const flood = Promise.all(Array.from({ length: options.flood }, () => post(`${app.baseUrl}/api/convert`, x, xBody, leave.signal)));
      await pause(2000);
      from = Date.now();
      const [crowded, crowdedLoop] = await loopTime(app, rounds);
      const crowdedWindow = [from, Date.now()] as const;
      console.log(`  Y during X's flood: ${crowded.map(fmtReply).join('; ')}`);
      leave.abort();
      const xs = await flood;
      console.log(`  X's flood: ${xs.map(fmtReply).join('; ')}`);
      samples = await probe.stop();
      const s = (rs: Reply[]) => stats(rs.map((r) => r.ms / 1000));
      const [a, c] = [s(alone), s(crowded)];
      lines.push(
        `Y's ${Math.round(Buffer.byteLength(document) / 1000)} KB conversion: alone median ${a.p50.toFixed(2)} s, max ${a.max.toFixed(2)} s; ` +
          `during the flood median ${c.p50.toFixed(2)} s, max ${c.max.toFixed(2)} s (max ${(c.max / a.max).toFixed(1)}x alone)`,
      );
      lines.push(
        HEALTH_HEADER,
        healthLine('Y alone', samples, ...aloneWindow, aloneLoop),
        healthLine("Y during X's flood", samples, ...crowdedWindow, crowdedLoop),
      );
    } finally {
      if (samples.length === 0) await probe.stop();
      console.log(
        `\nload average ${loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')} (2 cores)`,
      );
      for (const line of lines) console.log(line);
    }
  });
}

/** Small hostile bodies: 12 KB of `- ]` lines (a body under 16 KiB), each answered invalid after the yaml package's error path. */
const STRAY_CLOSERS = '- ]\n'.repeat(3000);

/**
 * One account's loops sending the small hostile body back to back (each loop its next request once
 * the last is answered), while a prober measures GET /api/health/live (--loops 3,8).
 */
export async function runLoops(options: LoopsOptions): Promise<void> {
  const bodies = {
    '/api/convert': Buffer.from(JSON.stringify({ input: STRAY_CLOSERS, inputType: 'yaml', outputType: 'json' })),
    '/api/validate': Buffer.from(JSON.stringify({ input: STRAY_CLOSERS, type: 'yaml' })),
  };
  console.log(
    `\n## Small hostile bodies: one Enterprise account's loops send ${STRAY_CLOSERS.length.toLocaleString('en-US')} bytes of "- ]" lines ` +
      `(a ${bodies['/api/convert'].byteLength.toLocaleString('en-US')}-byte body) back to back, GET /api/health/live probed every 10 ms (${options.windowSeconds} s per phase)`,
  );
  await withApp(options.appPort, async (app) => {
    const auth = `Bearer ${createKey(app, `loops-${Date.now()}@yamljson.test`, 'enterprise')}`;
    const probe: Probe = startProbe(`${app.baseUrl}/api/health/live`);
    const phases: Array<{ name: string; from: number; to: number; loop?: LoopTime }> = [];
    try {
      let from = Date.now();
      const [, idle] = await loopTime(app, () => pause(3000));
      phases.push({ name: 'idle', from, to: Date.now(), loop: idle });
      for (const [path, body] of Object.entries(bodies)) {
        for (const loops of options.loops) {
          const name = `${loops} loops ${path.slice(5)}`;
          from = Date.now();
          const [replies, loop] = await loopTime(app, () => sendInLoops(`${app.baseUrl}${path}`, auth, body, loops, options.windowSeconds * 1000));
          phases.push({ name, from, to: Date.now(), loop });
          const byAnswer = new Map<string, number>();
          for (const r of replies)
            byAnswer.set(`${r.status}${r.code ? ` ${r.code}` : ''}`, (byAnswer.get(`${r.status}${r.code ? ` ${r.code}` : ''}`) ?? 0) + 1);
          console.log(`  ${name}: ${[...byAnswer].map(([answer, n]) => `${answer} x${n}`).join(', ')}`);
          await untilQuiet(app.baseUrl, 60_000);
        }
      }
    } finally {
      const samples = await probe.stop();
      console.log(
        `\nload average ${loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')} (2 cores)`,
      );
      console.log(HEALTH_HEADER);
      for (const p of phases) console.log(healthLine(p.name, samples, p.from, p.to, p.loop));
    }
  });
}

/** `loops` clients sending `body` one request after another on kept-alive connections for `ms`; every answer. */
async function sendInLoops(url: string, authorization: string, body: Buffer, loops: number, ms: number): Promise<Reply[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: loops });
  const until = Date.now() + ms;
  const replies: Reply[] = [];
  try {
    await Promise.all(
      Array.from({ length: loops }, async () => {
        while (Date.now() < until) replies.push(await post(url, authorization, body, AbortSignal.timeout(60_000), agent));
      }),
    );
  } finally {
    agent.destroy();
  }
  return replies;
}
