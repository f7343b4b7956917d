// An API answer as plain data: status, headers and the body already encoded (text or bytes).
// next-route.ts turns it into a Response; the node:http front writes it to the socket directly.

export interface ApiReply {
  status: number;
  /** Canonical header names (`Content-Type`, `X-RateLimit-Limit`); the front and Next lower-case them on the wire. */
  headers: Record<string, string>;
  body: string | Uint8Array;
  /** An error reply's code (toErrorReply sets it), for the request's log line, usage and metrics. */
  errorCode?: string;
}

/** A JSON answer; API answers are never cached. */
export function jsonReply(value: unknown, status = 200, headers?: Record<string, string>): ApiReply {
  return {
    status,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers },
    body: JSON.stringify(value),
  };
}

/** A 200 whose body was encoded already (by a conversion job). */
export function bytesReply(bytes: Uint8Array, headers: Record<string, string>): ApiReply {
  return { status: 200, headers, body: bytes };
}
