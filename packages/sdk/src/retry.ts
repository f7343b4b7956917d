// A fetch that retries 429 and 503: it waits what Retry-After says (plus a little jitter, so many
// clients told the same time do not all come back at once), or backs off exponentially when the
// server did not say; bounded attempts, a maximum wait (a longer Retry-After is not waited for:
// the answer is returned as it is), and the request's abort signal stops the wait.
import { parseRetryAfter } from './errors.js';

export interface RetryOptions {
  /** Attempts in all, the first included (default 3; 1 never retries). */
  maxAttempts?: number;
  /** The longest single wait in milliseconds (default 60 000); a Retry-After above it is not waited for. */
  maxWaitMs?: number;
  /** First back-off when there is no Retry-After, doubled each attempt (default 500 ms). */
  baseDelayMs?: number;
  /** Extra random wait added to each delay, at most this fraction of it (default 0.2), capped at 1 s. */
  jitter?: number;
}

export interface RetryDeps {
  /** Waits `ms`; rejects with the signal's reason if it aborts. Tests pass one that records the delays. */
  sleep?: (ms: number, signal: AbortSignal | undefined) => Promise<void>;
  /** A number in [0, 1): the jitter's source (Math.random by default). */
  random?: () => number;
  /** Told before each wait. */
  onRetry?: (info: { attempt: number; status: number; delayMs: number; retryAfterSeconds: number | undefined }) => void;
}

/** The statuses worth another try; every other 4xx is final (sending it again gets the same answer). */
export const RETRIED_STATUSES: ReadonlySet<number> = new Set([429, 503]);

export function retryingFetch(
  baseFetch: (request: Request) => Promise<Response>,
  options: RetryOptions | false = {},
  deps: RetryDeps = {},
): (request: Request) => Promise<Response> {
  const maxAttempts = options === false ? 1 : Math.max(1, Math.floor(options.maxAttempts ?? 3));
  const maxWaitMs = options === false ? 0 : (options.maxWaitMs ?? 60_000);
  const baseDelayMs = options === false ? 0 : (options.baseDelayMs ?? 500);
  const jitter = options === false ? 0 : (options.jitter ?? 0.2);
  const sleep = deps.sleep ?? abortableSleep;
  const random = deps.random ?? Math.random;

  return async (request) => {
    for (let attempt = 1; ; attempt++) {
      request.signal.throwIfAborted();
      // The body can be read once: each attempt sends a copy, the original stays for the next.
      const response = await baseFetch(attempt < maxAttempts ? request.clone() : request);
      if (!RETRIED_STATUSES.has(response.status) || attempt >= maxAttempts) return response;
      const retryAfterSeconds = parseRetryAfter(response.headers.get('retry-after'));
      const wanted = retryAfterSeconds !== undefined ? retryAfterSeconds * 1000 : baseDelayMs * 2 ** (attempt - 1);
      if (wanted > maxWaitMs) return response;
      const delayMs = Math.min(maxWaitMs, Math.round(wanted + random() * Math.min(1000, wanted * jitter)));
      deps.onRetry?.({ attempt, status: response.status, delayMs, retryAfterSeconds });
      await response.body?.cancel();
      await sleep(delayMs, request.signal);
    }
  };
}

export function abortableSleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
