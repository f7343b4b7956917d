// Where to go after signing in: only a path on this site (never another host: no open redirect).
// The value is read the way a browser will read it, with the URL parser itself: browsers drop tabs
// and newlines from URLs and treat `\` as `/`, so `/\t/evil.example` or `/\\evil.example` are
// `//evil.example`, another host. Anything that does not resolve to this site's origin is refused.

/** A stand-in origin: any value that resolves to another origin is not a path on this site. */
const HERE = 'http://this-site.invalid';

/**
 * The path (with query and fragment) that `value` leads to when it stays on this site, or null.
 * The answer is the parser's own normal form, with leading slashes collapsed to one, so that no
 * later reading of it (a router, a `Location` header) can turn it into another host.
 */
export function sameSitePath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/')) return null;
  let url: URL;
  try {
    url = new URL(value, HERE);
  } catch {
    return null;
  }
  if (url.origin !== HERE) return null;
  // `/.//evil.example` normalises to the path `//evil.example`, which would read as a host.
  return `${url.pathname.replace(/^\/+/, '/')}${url.search}${url.hash}`;
}

export function safeCallbackUrl(value: unknown, fallback = '/dashboard'): string {
  return sameSitePath(value) ?? fallback;
}
