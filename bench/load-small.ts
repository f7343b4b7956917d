// Small requests: the app (key check, quota, schema, size check: everything) against a bare
// node:http server calling the same `convert`, both loaded the same way with autocannon, in turns.
import { availableParallelism, loadavg } from 'node:os';
import autocannon, { type Result } from 'autocannon';
import { apiKeyFor, groupCpuSeconds, LOAD_DATA_DIR, startApp, startBareServer, type RunningServer } from './load-app';

/** About 1 KB of everyday YAML: a Kubernetes Deployment. */
export const SMALL_YAML = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: shop
  labels: {app: web, tier: frontend}
  annotations:
    deployment.kubernetes.io/revision: "3"
spec:
  replicas: 3
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web, tier: frontend}
    spec:
      containers:
        - name: web
          image: registry.example.com/shop/web:1.24.3
          ports:
            - {containerPort: 8080, name: http}
          env:
            - {name: LOG_LEVEL, value: info}
            - {name: FEATURE_FLAGS, value: "checkout,search"}
            - {name: TIMEOUT_MS, value: "2500"}
          resources:
            requests: {cpu: 250m, memory: 256Mi}
            limits: {cpu: "1", memory: 512Mi}
          readinessProbe:
            httpGet: {path: /healthz, port: http}
            periodSeconds: 5
          livenessProbe:
            httpGet: {path: /livez, port: http}
            initialDelaySeconds: 10
      nodeSelector: {pool: general}
      tolerations:
        - {key: dedicated, operator: Equal, value: web, effect: NoSchedule}
`;

export interface SmallOptions {
  appPort: number;
  barePort: number;
  seconds: number;
  connections: number;
  rounds: number;
}

interface Round {
  server: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** CPU milliseconds of all the server's processes per request. */
  cpuMs: number;
}

export async function runSmall(options: SmallOptions): Promise<void> {
  const body = JSON.stringify({ input: SMALL_YAML, inputType: 'yaml', outputType: 'json' });
  console.log(`\n## Small requests: ${Buffer.byteLength(SMALL_YAML)} bytes of YAML -> JSON, POST /api/convert`);
  let app: RunningServer | undefined;
  let bare: RunningServer | undefined;
  let viaNext: RunningServer | undefined;
  try {
    app = await startApp(options.appPort);
    bare = await startBareServer(options.barePort);
    viaNext = await startApp(options.barePort + 1, { front: false, dataDir: `${LOAD_DATA_DIR}-next-routes` });
    const key = await apiKeyFor(app);
    const nextKey = await apiKeyFor(viaNext);
    console.log(`app:  the built app as npm start runs it (${app.baseUrl}), embedded defaults; key: ${key.source}`);
    if (key.authorization) console.log('      an Enterprise key has no hourly quota, so the quota never refuses the load test (it is still counted)');
    console.log(`bare: node:http + JSON.parse + convert + JSON.stringify, no checks (${bare.baseUrl})`);
    console.log(`live: the app's GET /api/health/live (no key, no body, no conversion), for reference: the floor of an API route`);
    console.log(`next: the same app with YAMLJSON_API_FRONT=off (${viaNext.baseUrl}): the same request through Next.js's route files, for reference`);
    console.log(`load: autocannon, ${options.connections} connections, ${options.seconds} s per round, ${options.rounds} rounds each, in turns`);

    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (key.authorization) headers.Authorization = key.authorization;
    const nextHeaders: Record<string, string> = { 'Content-Type': 'application/json' };
    if (nextKey.authorization) nextHeaders.Authorization = nextKey.authorization;
    const targets = [
      { server: 'app', url: `${app.baseUrl}/api/convert`, pgid: app.pgid, method: 'POST', headers },
      { server: 'bare', url: `${bare.baseUrl}/`, pgid: bare.pgid, method: 'POST', headers },
      // For reference: the app's cheapest route (no key, no body, no conversion).
      { server: 'live', url: `${app.baseUrl}/api/health/live`, pgid: app.pgid, method: 'GET', headers },
      // For reference: what the node:http front saves.
      { server: 'next', url: `${viaNext.baseUrl}/api/convert`, pgid: viaNext.pgid, method: 'POST', headers: nextHeaders },
    ];
    // Warm-up (JIT, connection pools, caches) is not counted.
    for (const t of targets) await load(t.url, t.method, t.headers, body, options.connections, 3);
    const rounds: Round[] = [];
    for (let i = 0; i < options.rounds; i++) {
      for (const t of targets) {
        const cpu = groupCpuSeconds(t.pgid);
        const r = await load(t.url, t.method, t.headers, body, options.connections, options.seconds);
        const cpuMs = ((groupCpuSeconds(t.pgid) - cpu) * 1000) / Math.max(1, r['2xx'] + r.non2xx);
        const round = {
          server: t.server,
          rps: r['2xx'] / r.duration,
          p50: r.latency.p50,
          p99: r.latency.p99,
          non2xx: r.non2xx,
          errors: r.errors + r.timeouts,
          cpuMs,
        };
        rounds.push(round);
        console.log(
          `  round ${i + 1} ${t.server.padEnd(4)} ${round.rps.toFixed(0).padStart(6)} req/s  p50 ${round.p50} ms  p99 ${round.p99} ms  ${cpuMs.toFixed(2)} ms CPU/request${round.non2xx || round.errors ? `  non-2xx ${round.non2xx} errors ${round.errors}` : ''}`,
        );
      }
    }
    const summary = (server: string) => {
      const mine = rounds.filter((r) => r.server === server);
      return {
        rps: mine.reduce((s, r) => s + r.rps, 0) / mine.length,
        p50: median(mine.map((r) => r.p50)),
        p99: median(mine.map((r) => r.p99)),
        failed: mine.reduce((s, r) => s + r.non2xx + r.errors, 0),
        cpuMs: median(mine.map((r) => r.cpuMs)),
      };
    };
    const a = summary('app');
    const b = summary('bare');
    const live = summary('live');
    const next = summary('next');
    console.log("\nserver   req/s   p50 ms   p99 ms   failed   CPU ms/request (all the server's processes)");
    for (const [name, s] of [
      ['app', a],
      ['bare', b],
      ['live', live],
      ['next', next],
    ] as const) {
      console.log(
        `${name.padEnd(6)} ${s.rps.toFixed(0).padStart(7)} ${String(s.p50).padStart(8)} ${String(s.p99).padStart(8)} ${String(s.failed).padStart(8)}   ${s.cpuMs.toFixed(2)}`,
      );
    }
    const ratio = a.rps / b.rps;
    console.log(
      `app / bare: ${(ratio * 100).toFixed(1)}% of the bare server's requests per second (goal: at least 50%); CPU per request ${(a.cpuMs / b.cpuMs).toFixed(1)}x`,
    );
    console.log(`next / bare: ${((next.rps / b.rps) * 100).toFixed(1)}% (the API through Next.js's route files instead of the front)`);
    console.log(
      `machine: load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} on ${availableParallelism()} cores`,
    );
    if (a.failed > 0) console.log('WARNING: the app answered some requests with an error: the figures above are not valid.');
  } finally {
    await app?.stop();
    await bare?.stop();
    await viaNext?.stop();
  }
}

function load(url: string, method: string, headers: Record<string, string>, body: string, connections: number, duration: number): Promise<Result> {
  if (method === 'GET') return autocannon({ url, connections, duration, timeout: 30 });
  return autocannon({ url, method, headers, body, connections, duration, timeout: 30 });
}

function median(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
