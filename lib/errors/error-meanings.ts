// What each error code means, one distinct sentence per code: the OpenAPI document gives them as the
// `x-enumDescriptions` of `ErrorResponse.error.code` and /docs shows them in its list of error codes.
// Typed by the one list of codes (error-codes.ts), so a new code does not compile without its meaning.
import type { ErrorCode } from './error-codes';

export const ERROR_MEANINGS: Readonly<Record<ErrorCode, string>> = {
  bad_request:
    'The request itself is wrong: the body is not JSON, a field is missing or has the wrong type, a type or option is unknown, a raw-mode query parameter is invalid, a JSON Schema cannot be used, or the path does not percent-decode.',
  unauthorized:
    'No `Authorization: Bearer <key>` header, a malformed one, or a key that is unknown, revoked or belongs to a disabled account (dashboard: no live session). Sent with `WWW-Authenticate: Bearer`.',
  forbidden: 'Dashboard only: a change sent from another origin, or a plan change the account may not make itself.',
  not_found: "No API endpoint at that path; on the dashboard's API, no such key, or not this account's.",
  key_limit_reached: 'Dashboard only: the account already has the most active API keys it may have.',
  key_active: 'Dashboard only: a key that still works cannot be deleted; revoke it first.',
  payload_too_large:
    "`input` (or a raw-mode body) is larger than the account's plan accepts, in UTF-8 bytes, or the body is larger than its cap (`Content-Length` over it is refused before a byte is read). Checked before parsing.",
  method_not_allowed: 'The path exists but does not serve this method; `Allow` lists the methods it does.',
  unsupported_media_type:
    "The body's `Content-Type` is not one the endpoint reads (JSON mode: `application/json`; raw mode: the document types listed for it).",
  invalid_input:
    'Convert or format could not parse `input` as its type says: `details` has every positioned error (line, column, code), as validate would report them.',
  limit_exceeded:
    'The input parses, but converting or checking it would pass a safety bound: nesting deeper than the limit, aliases and merges expanding past the budget, a base 2/8/16/60 integer longer than the digit limit, or a conversion over its time or memory limit.',
  rate_limited:
    'Too many requests from this account: its hourly quota is spent, or it already has as many request bodies arriving or conversions waiting as it may. `Retry-After` says when to retry.',
  internal_error: 'Something unexpected failed on the server; the details are logged under the `requestId`, never sent.',
  unavailable:
    'The server cannot take the request right now: the database or Redis did not answer within its deadline (`dependencies` says which), the conversion queue is full, or too many large bodies are arriving at once. `Retry-After` says when to retry.',
};
