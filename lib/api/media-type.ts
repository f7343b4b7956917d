// Content-Type checks for JSON bodies and for raw-mode document bodies.

/** The body types raw mode accepts (or no Content-Type at all). */
export const RAW_MEDIA_TYPES = [
  'application/yaml',
  'text/yaml',
  'application/x-yaml',
  'text/x-yaml',
  'application/json',
  'text/plain',
  'application/octet-stream',
  // What `curl --data-binary @file.yaml` sends unless told otherwise.
  'application/x-www-form-urlencoded',
] as const;

/** `Application/JSON; charset=utf-8` -> `application/json`; null when absent or empty. */
export function mediaTypeOf(request: { readonly headers: { get(name: string): string | null } }): string | null {
  const header = request.headers.get('content-type');
  if (header === null) return null;
  const type = header.split(';', 1)[0]!.trim().toLowerCase();
  return type === '' ? null : type;
}

/** `application/json` and any `application/*+json`. */
export function isJsonMediaType(type: string | null): boolean {
  return type === 'application/json' || (type !== null && /^application\/[\w.+-]+\+json$/.test(type));
}

export function isRawMediaType(type: string | null): boolean {
  return type === null || (RAW_MEDIA_TYPES as readonly string[]).includes(type) || isJsonMediaType(type);
}
