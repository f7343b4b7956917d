// Same-origin JSON calls from the browser, with the API's error body turned into a message.
export type FetchResult<T> = { ok: true; status: number; data: T } | { ok: false; status: number; code: string; message: string };

interface ErrorBody {
  error?: { code?: unknown; message?: unknown };
}

/** `signal` aborts the call; an aborted call resolves like a failed one, which its caller ignores (it asked for the abort). */
export async function fetchJson<T>(url: string, init: { method?: string; body?: unknown; signal?: AbortSignal } = {}): Promise<FetchResult<T>> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: init.method ?? 'GET',
      credentials: 'same-origin',
      headers: init.body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init.signal,
    });
  } catch {
    return { ok: false, status: 0, code: 'network_error', message: 'The server could not be reached. Check your connection and try again.' };
  }
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    // not JSON: handled below
  }
  if (res.ok && body !== null) return { ok: true, status: res.status, data: body as T };
  const error = (body as ErrorBody | null)?.error;
  return {
    ok: false,
    status: res.status,
    code: typeof error?.code === 'string' ? error.code : 'http_error',
    message: typeof error?.message === 'string' ? error.message : `The server answered ${res.status} ${res.statusText}.`.trim(),
  };
}
