// The server's Prometheus metrics (prom-client), served at GET /api/metrics behind METRICS_TOKEN
// (lib/api/handlers/metrics.ts). One registry per services object, never prom-client's global one:
// tests that build several services in one process each count their own requests.
// Web-free. What is counted where:
// - requests and their latency: lib/api/with-api.ts, as each request ends (route = the route table's path);
// - quota denials: lib/api/guards.ts (enforceQuota), as it refuses; dependency errors (503 unavailable,
//   per dependency): with-api.ts, from the error path's failure report or the 503's dependencies;
// - conversions (bytes in and out, time, by direction): the conversion pool as each conversion answers;
// - the pool's queue and running jobs, and the process (event-loop lag, memory, CPU): read when scraped.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** What the pool tells the metrics: its current queue and running jobs. */
export interface PoolStats {
  stats(): { running: number; queued: number };
}

export interface MetricsOptions {
  /** The conversion pool whose queue and running jobs are reported. */
  pool?: PoolStats;
  /** Process metrics (event-loop lag, memory, CPU, GC): the server's registry; tests leave them out. */
  processMetrics?: boolean;
}

/** Seconds: from a health check's fraction of a millisecond to a large conversion's seconds. */
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export class Metrics {
  readonly registry = new Registry();
  readonly requests = new Counter({
    name: 'yamljson_http_requests_total',
    help: 'API requests answered, by route (the route table path), method and status.',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [this.registry],
  });
  readonly requestSeconds = new Histogram({
    name: 'yamljson_http_request_duration_seconds',
    help: 'Time from the request reaching the API to its answer, by route, method and status.',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });
  readonly quotaDenials = new Counter({
    name: 'yamljson_quota_denials_total',
    help: "Requests refused with 429 rate_limited because the account's hourly quota was used, by plan.",
    labelNames: ['plan'] as const,
    registers: [this.registry],
  });
  readonly dependencyErrors = new Counter({
    name: 'yamljson_dependency_errors_total',
    help: 'Requests answered 503 unavailable because a dependency did not answer within its deadline, by dependency.',
    labelNames: ['dependency'] as const,
    registers: [this.registry],
  });
  readonly conversionBytes = new Counter({
    name: 'yamljson_conversion_bytes_total',
    help: 'Bytes of successful conversions, by direction (yaml->json, ...) and side (in: request body, out: response body).',
    labelNames: ['direction', 'side'] as const,
    registers: [this.registry],
  });
  readonly conversionSeconds = new Histogram({
    name: 'yamljson_conversion_duration_seconds',
    help: 'Time of successful conversions in the pool (waiting for a worker included), by direction.',
    labelNames: ['direction'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  constructor(options: MetricsOptions = {}) {
    const pool = options.pool;
    new Gauge({
      name: 'yamljson_pool_queued_jobs',
      help: 'Conversions waiting for a worker of the conversion pool.',
      registers: [this.registry],
      collect() {
        this.set(pool?.stats().queued ?? 0);
      },
    });
    new Gauge({
      name: 'yamljson_pool_running_jobs',
      help: "Conversions running in the conversion pool's workers.",
      registers: [this.registry],
      collect() {
        this.set(pool?.stats().running ?? 0);
      },
    });
    // nodejs_eventloop_lag_seconds (and its percentiles), process memory, CPU, GC, handles.
    if (options.processMetrics) collectDefaultMetrics({ register: this.registry });
  }

  /** A request as it ended: counted and timed by its route (never the raw path: `[id]`, not each key's id). */
  request(route: string, method: string, status: number, seconds: number): void {
    const labels = { route, method, status: String(status) };
    this.requests.inc(labels);
    this.requestSeconds.observe(labels, seconds);
  }

  /** A successful conversion (convert, format): its direction, request and response bytes, and time. */
  conversion(direction: string, inputBytes: number, outputBytes: number, seconds: number): void {
    this.conversionBytes.inc({ direction, side: 'in' }, inputBytes);
    this.conversionBytes.inc({ direction, side: 'out' }, outputBytes);
    this.conversionSeconds.observe({ direction }, seconds);
  }

  /** The text exposition format, and its Content-Type. */
  async scrape(): Promise<{ contentType: string; text: string }> {
    return { contentType: this.registry.contentType, text: await this.registry.metrics() };
  }
}
