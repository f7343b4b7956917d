// The server, in one process (scripts/serve.ts starts it: `npm start`, `npm run dev`). In this order:
// 1. The configuration (lib/config): every environment variable, checked once; a bad one stops here.
// 2. The database: with no DATABASE_URL this process owns the embedded database (PGlite in
//    .data/pglite, or YAMLJSON_DATA_DIR; locked by <folder>.lock while it runs), serves it over
//    the PostgreSQL protocol on 127.0.0.1 for the app and the operator command, and applies
//    migrations.
// 3. The services (lib/services: database client, quota store, key lookup, conversion pool, body
//    gate, the log and the metrics of lib/observability), built once, installed where Next.js finds
//    them (lib/services/seam.ts), and the pool's workers started.
// 4. One node:http server: the public API's paths go to the node:http front (lib/http/front.ts),
//    everything else to Next.js (pages, dashboard API, sign-in). Under `npm run dev`, or with
//    YAMLJSON_API_FRONT=off, Next.js serves the API too (its route files call the same endpoints).
// 5. Every request first gets its client's address (lib/http/client-address.ts): the socket's peer,
//    or behind the proxies listed in TRUSTED_PROXIES, the address they forwarded.
// Bundled with the front by scripts/build-worker.mjs into build/server.mjs: the services, the front and
// this file are one copy of lib/, Next.js's bundles the other (ARCHITECTURE.md, "One process, two
// copies of lib/").
// Options: -p/--port (or PORT, default 3000) and -H/--hostname (default all interfaces; not the
// HOSTNAME variable, which shells and containers set to the machine's own name).
import http from 'node:http';
import next from 'next';
import { ApiError, logFailure, toErrorReply } from '@/lib/api/errors';
import { newRequestId } from '@/lib/api/request-id';
import { exportForLibraries, readConfig, siteUrlProblem, type Config } from '@/lib/config';
import { createDb } from '@/lib/db/client';
import { startEmbeddedServer, type EmbeddedServer } from '@/lib/db/embedded';
import { migrate } from '@/lib/db/migrate';
import { markClientAddress } from '@/lib/http/client-address';
import { API_SECURITY_HEADERS } from '@/lib/http/security-headers';
import { applyServerLimits, hasMalformedPath, serverLimits, serverOptions } from '@/lib/http/server-limits';
import { createLogger, type Logger } from '@/lib/observability/logger';
import { AuthChanges } from '@/lib/services/auth-changes';
import { installServices } from '@/lib/services/seam';
import { serveApi } from './front';
import { createServices } from '@/lib/services/services';

interface Options {
  dev: boolean;
  port: number;
  hostname: string | undefined;
}

function parseArgs(argv: string[], config: Config): Options {
  const [mode = 'start', ...rest] = argv;
  if (mode !== 'start' && mode !== 'dev') throw new Error(`Unknown mode "${mode}" (start or dev).`);
  let port = config.port;
  let hostname: string | undefined;
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    const value = rest[i + 1];
    if ((arg === '-p' || arg === '--port') && value) {
      port = Number(value);
      i++;
    } else if ((arg === '-H' || arg === '--hostname') && value) {
      hostname = value;
      i++;
    } else {
      throw new Error(`Unknown option "${arg}" (use -p <port> and -H <hostname>).`);
    }
  }
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Invalid port "${port}".`);
  return { dev: mode === 'dev', port, hostname };
}

interface Database {
  url: string;
  embedded: EmbeddedServer | null;
  /** The embedded database's notifications (revoked keys, plan changes, ...), for the key cache. */
  authChanges: AuthChanges | undefined;
}

async function openDatabase(config: Config, log: Logger): Promise<Database> {
  const target = config.database;
  if (target.kind === 'server') return { url: target.url, embedded: null, authChanges: undefined };
  // The folder's lock (lib/db/data-lock.ts) is taken before it is opened: a second server on it,
  // even one started at the same instant, stops here with a one-line message naming the owner.
  // Quotas and the key cache of the embedded mode live in the one process that owns the data.
  const authChanges = new AuthChanges();
  const embedded = await startEmbeddedServer(target.dataDir, 0, { onNotification: (channel) => authChanges.publish(channel) });
  log.info({ dataDir: target.dataDir }, 'embedded database');
  return { url: embedded.url, embedded, authChanges };
}

/** Starts the server with the command line's arguments (`start` or `dev`, then -p and -H); resolves once it listens. */
export async function startServer(argv: string[]): Promise<void> {
  const config = readConfig();
  exportForLibraries(config);
  const options = parseArgs(argv, config);
  // Links in mails come from NEXTAUTH_URL: a server that mails, or a production one on a shared database, needs it.
  const problem = siteUrlProblem(config, { production: !options.dev });
  if (problem) throw new Error(problem);
  // The log first (LOG_LEVEL; pretty under `npm run dev`): the services get this one, so every line has one shape.
  const log = createLogger({ level: config.logLevel, pretty: options.dev });
  const limits = serverLimits(config.http);
  const { url, embedded, authChanges } = await openDatabase(config, log);
  const migrator = createDb(url, 1);
  const { applied } = await migrate(migrator);
  await migrator.$disconnect();
  if (applied.length) log.info({ migrations: applied }, 'applied migrations');

  const services = createServices(config, { databaseUrl: url, embeddedOwner: embedded !== null, authChanges, dev: options.dev, log });
  installServices(services);
  // Mails left unsent by an earlier run are sent now (with SMTP_URL); without it they stay in the outbox.
  services.mail.start();
  log.info(
    { component: 'mail', delivers: services.mail.delivers },
    services.mail.delivers ? 'mail: sent through SMTP_URL' : 'mail: kept in the outbox (no SMTP_URL): `npm run admin -- outbox` prints it',
  );
  // Plans that end with time (a period's end after a cancellation, a grace period's end) are looked for every minute.
  services.billing?.start();
  log.info(
    { component: 'billing', enabled: services.billing !== null },
    services.billing ? 'billing: plans sold through Stripe' : 'billing: off (no STRIPE_SECRET_KEY): the operator grants plans',
  );
  // The workers start now, not during the first large request (starting them takes CPU that requests would otherwise wait for).
  services.pool.start();

  const app = next({ dev: options.dev, dir: process.cwd(), hostname: options.hostname ?? 'localhost', port: options.port });
  await app.prepare();
  const nextHandler = app.getRequestHandler();
  const front = options.dev || !config.apiFront ? null : serveApi;

  const server = http.createServer(serverOptions(limits), requestListener(config, log, front, nextHandler));
  // Time limits, requests per connection and the connection cap (lib/http/server-limits.ts, HTTP_* variables).
  applyServerLimits(server, limits);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.hostname, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  // Without NEXTAUTH_URL, the links in mails point where this server listens (lib/http/public-site.ts).
  services.site.listening(options.hostname, port);
  const shown = `${options.hostname ?? 'localhost'}:${port}`;
  log.info(
    { url: `http://${shown}`, siteOrigin: services.site.origin, apiFront: front !== null, dev: options.dev },
    `ready on http://${shown}${front ? '' : ' (the API through Next.js)'}`,
  );

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping');
    server.close();
    server.closeIdleConnections();
    // Usage counts kept in memory are written before the database stops.
    void services
      .shutdown()
      .catch((err: unknown) => log.error({ err }, 'could not store usage counts'))
      .then(() => embedded?.stop())
      .finally(() => process.exit(0));
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

type Front = (req: http.IncomingMessage, res: http.ServerResponse) => boolean;
type NextHandler = (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>;

/** Each request: its client's address, then the front for the public API, Next.js for the rest. */
function requestListener(config: Config, log: Logger, front: Front | null, nextHandler: NextHandler): http.RequestListener {
  return (req, res) => {
    markClientAddress(req, config.trustedProxies);
    // Next.js answers 500 to a dynamic route whose path does not decode (`/api/dashboard/keys/%ZZ`).
    if (hasMalformedPath(req.url ?? '/')) {
      const requestId = newRequestId();
      const message = 'The request path has an invalid percent-encoding (% must start two hex digits of UTF-8).';
      const reply = toErrorReply(new ApiError('bad_request', message), requestId, logFailure(log, requestId));
      const length = Buffer.byteLength(reply.body);
      res.writeHead(reply.status, { ...API_SECURITY_HEADERS, ...reply.headers, 'X-Request-Id': requestId, 'Content-Length': length });
      res.end(reply.body);
      log.info({ requestId, route: null, method: req.method, status: reply.status, errorCode: 'bad_request', outputBytes: length }, 'request');
      return;
    }
    try {
      if (front?.(req, res)) return;
    } catch (err) {
      // The front answers through its own error path; this only guards the process.
      log.error({ err }, 'unhandled error in the API front');
      if (!res.headersSent) res.writeHead(500).end();
      return;
    }
    nextHandler(req, res).catch((err: unknown) => {
      log.error({ err }, 'unhandled error in Next.js');
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    });
  };
}
