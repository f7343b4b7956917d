// A request path with a broken percent-escape (`%ZZ`, or escapes that do not spell UTF-8) cannot name
// anything here. Next.js's router fails on one in a dynamic route (`/api/dashboard/keys/%ZZ`) and answers
// a bare 500, so scripts/serve.ts answers such paths first: 400 `bad_request` with the API's error body.
import { ApiError, toErrorReply } from '@/lib/api/errors';
import type { ApiReply } from '@/lib/api/reply';
import { newRequestId } from '@/lib/api/request-id';
import { API_SECURITY_HEADERS } from './security-headers';

export const MALFORMED_PATH_MESSAGE =
  'The URL path has a malformed percent-escape: "%" must be followed by two hexadecimal digits, and the escapes must spell UTF-8.';

/** The 400 answer for a path that does not decode, or null for a path that does. */
export function malformedPathReply(rawUrl: string): ApiReply | null {
  const query = rawUrl.indexOf('?');
  const pathname = query === -1 ? rawUrl : rawUrl.slice(0, query);
  if (!pathname.includes('%')) return null;
  try {
    decodeURIComponent(pathname);
    return null;
  } catch {
    const requestId = newRequestId();
    const reply = toErrorReply(new ApiError('bad_request', MALFORMED_PATH_MESSAGE), requestId);
    return { ...reply, headers: { ...API_SECURITY_HEADERS, ...reply.headers, 'X-Request-Id': requestId } };
  }
}
