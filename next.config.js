/**
 * Security headers of everything Next.js answers, static files included. Pages add their own
 * (a Content Security Policy with a nonce per response, and the rest) in proxy.ts; API answers
 * theirs in lib/api/with-api.ts (lib/http/security-headers.ts).
 */
const SECURITY_HEADERS = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  // frame-ancestors 'none' in the pages' CSP, and this for browsers that predate it.
  { key: 'X-Frame-Options', value: 'DENY' },
];

/**
 * The pages' values (lib/http/security-headers.ts, which proxy.ts also sets on them), for what is not
 * API: static files, public/. Not on /api/: a header set here wins over the route's own, and API answers
 * have theirs (no-referrer).
 */
const NON_API_HEADERS = [
  { key: 'Referrer-Policy', value: 'same-origin' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), display-capture=()' },
];

const WORKER_CSP = "default-src 'none'; script-src 'self' 'unsafe-eval'; connect-src 'self'";

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // NEXT_DIST_DIR lets two builds of one checkout live side by side (parallel work, test runs).
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // piscina starts its workers from its own files (dist/worker.js next to it): a bundled copy cannot find them.
  // pino, pino-pretty and prom-client (lib/observability) load from node_modules too: the log and the metrics
  // are the services' (scripts/serve.ts makes them), so a bundled copy must never make its own.
  // stripe (lib/billing) too: the services' billing makes the one client; the handlers only call it.
  serverExternalPackages: ['piscina', 'pino', 'pino-pretty', 'prom-client', 'stripe'],
  async headers() {
    return [
      { source: '/:path*', headers: SECURITY_HEADERS },
      { source: '/:path((?!api/).*)', headers: NON_API_HEADERS },
      // The playground's converter worker has a policy of its own (a worker's CSP is its script's
      // response header, not the page's): it loads nothing, fetches only this site's catalog schemas
      // (GET /api/schemas/...), and may evaluate code, because ajv compiles each JSON Schema of the
      // schema pane into a function (new Function). The pages keep 'unsafe-eval' out; only this
      // worker, which handles no page content, has it.
      { source: '/workers/convert.worker.js', headers: [{ key: 'Content-Security-Policy', value: WORKER_CSP }] },
    ];
  },
};

module.exports = nextConfig;
