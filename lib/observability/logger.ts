// The server's log: pino, one JSON object per line on stdout (`npm start`), pretty under `npm run dev`.
// Made once by lib/services (createServices) and reached through ctx.services.log, never imported as a
// global: the node:http front's bundle and Next.js's bundles each have their own copy of lib/, but all of
// them write through this one logger of the services object, so every line has the same shape.
// Web-free; nothing secret is ever written (the redact paths below, and scripts/scan-logs.ts after a test run).
import pino, { type DestinationStream, type Logger } from 'pino';
import pinoPretty from 'pino-pretty';
import type { LogLevel } from '@/lib/config';

export type { Logger } from 'pino';

/**
 * Field names that may hold a secret: written as "[Redacted]" at the top level of a line, and on a
 * logged error (`err`), its headers and its cause. The request line is built from chosen fields only
 * (key prefix, never the key; account id, never the email); these guard what an error or a library's
 * object may carry. Explicit paths, no wildcards: pino's wildcard redaction cost about 90 us per line
 * here, explicit paths about 2 us.
 */
const SECRET_FIELDS = ['authorization', 'cookie', 'password', 'passwordHash', 'token', 'secret', 'apiKey', 'key', 'set-cookie'];
export const REDACT_PATHS = [
  ...SECRET_FIELDS.flatMap((field) => [`["${field}"]`, `err["${field}"]`, `err.headers["${field}"]`, `err.cause["${field}"]`]),
  'req.headers',
  'headers',
];

export interface LoggerOptions {
  level: LogLevel;
  /** Human-readable lines (pino-pretty) instead of JSON: `npm run dev`. */
  pretty: boolean;
  /** Where lines go (tests); stdout by default. */
  destination?: DestinationStream;
}

export function createLogger(options: LoggerOptions): Logger {
  const settings: pino.LoggerOptions = {
    level: options.level,
    base: { service: 'yamljson' },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACT_PATHS, censor: '[Redacted]' },
    // Level names ("info"), not numbers: what a reader and most log shippers expect.
    formatters: { level: (label) => ({ level: label }) },
    serializers: { err: pino.stdSerializers.err },
  };
  if (options.destination) return pino(settings, options.destination);
  if (options.pretty) return pino(settings, prettyStream());
  // Synchronous writes to stdout: a line is out before the process exits (the server exits right after its last line).
  return pino(settings, pino.destination({ dest: 1, sync: true }));
}

/** pino-pretty as a stream in this thread (no transport worker, so nothing to resolve from a bundle). */
function prettyStream(): DestinationStream {
  return pinoPretty({ colorize: process.stdout.isTTY, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname,service', sync: true });
}

let fallback: Logger | undefined;

/**
 * The log of code that runs without the server's services (the operator command; a library object made
 * without the services' logger): the same JSON lines, on stderr. The server always passes its own.
 */
export function fallbackLogger(): Logger {
  fallback ??= pino(
    {
      level: 'info',
      base: { service: 'yamljson' },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACT_PATHS, censor: '[Redacted]' },
      formatters: { level: (label) => ({ level: label }) },
      serializers: { err: pino.stdSerializers.err },
    },
    pino.destination({ dest: 2, sync: true }),
  );
  return fallback;
}

/** A logger that writes nothing (tests that build services in-process). */
export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}
