// Where to go after signing in: only a path on this site (never another host: no open redirect).
export function safeCallbackUrl(value: unknown, fallback = '/dashboard'): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return fallback;
  }
  return value;
}
