// The numbers /docs states in its Limits and Retry-After sections, as plain data: built on the server
// from the code's own constants and the running configuration (lib/api/docs-facts.ts), rendered by
// components/docs (which may not import the server's modules themselves).

export interface PlanLimitsView {
  name: string;
  /** null: unlimited. */
  requestsPerHour: number | null;
  /** Largest `input`, UTF-8 bytes (the plan's, or the server's MAX_INPUT_BYTES if smaller). */
  maxInputBytes: number;
  /** Largest JSON request body: 2 x the input limit + 1 MiB (escaping inflates). */
  jsonBodyBytes: number;
  /** Largest raw-mode body: the input limit itself. */
  rawBodyBytes: number;
  /** Time one conversion may take in a worker, ms (the plan's, or the server's CONVERSION_TIMEOUT_MS if smaller). */
  conversionTimeoutMs: number;
}

export interface RetryAfterCase {
  status: number;
  code: string;
  when: string;
  /** Seconds, or a text such as "until the hour ends". */
  seconds: string;
}

export interface DocsFacts {
  plans: PlanLimitsView[];
  maxDepth: number;
  aliasBudgetFloor: number;
  charsPerNode: number;
  maxErrors: number;
  maxIntegerDigits: number;
  maxImplicitKey: number;
  inProcessBytes: number;
  inProcessDeadlineMs: number;
  /** How long an account whose job held the request thread sends its jobs to a worker, ms. */
  overdueMs: number;
  conversionTimeoutMs: number;
  conversionMemoryMb: number;
  largeBodyBytes: number;
  largeBodiesPerAccount: number;
  largeBodies: number;
  /** Request bodies of any size one account may send at once (MAX_UPLOADS_PER_ACCOUNT, at most a tenth of the connection cap). */
  uploadsPerAccount: number;
  queuedPerAccount: number;
  queued: number;
  dependencyTimeoutMs: { database: number; redis: number };
  schema: { maxChars: number; maxDepth: number; maxNodes: number };
  retryAfter: RetryAfterCase[];
}

export const numberText = (n: number): string => n.toLocaleString('en-US');

export function bytesText(n: number): string {
  return `${numberText(n)} bytes`;
}
