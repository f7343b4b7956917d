// The contract's error codes (section 2): every failure answers with one of these, always with
// this status. Universal: the converter, the accounts layer, the API and the workers share it.

/** Code -> HTTP status. The one list of error codes; each code's doc says when it is answered. */
export const ERROR_STATUS = {
  /** The request itself is wrong: not JSON, a field missing or mistyped, an unknown type or format. */
  bad_request: 400,
  /** No `Authorization: Bearer <key>`, an unknown, expired or revoked key, a disabled account, or (dashboard) no live session. */
  unauthorized: 401,
  /** Dashboard: a signed-in request from another origin, or a plan change the account may not make itself. */
  forbidden: 403,
  /** No API endpoint at that path, no catalog schema with that id (GET /api/schemas/{id}); dashboard: no such key (or not this account's). */
  not_found: 404,
  /** Dashboard: the account already has the most active API keys it may have (lib/accounts/api-keys.ts). */
  key_limit_reached: 409,
  /** Dashboard: a key that still works cannot be deleted; revoke it first (lib/accounts/api-keys.ts). */
  key_active: 409,
  /** The body or its `input` is larger than the plan's input limit (checked before parsing). */
  payload_too_large: 413,
  /** A method the route does not serve; `Allow` lists the ones it does. */
  method_not_allowed: 405,
  /** The body's Content-Type is not one the endpoint reads. */
  unsupported_media_type: 415,
  /** Convert could not parse `input`; `details` holds the positioned errors. */
  invalid_input: 422,
  /** Valid input whose conversion would exceed a safety bound (alias expansion, nesting depth, a non-decimal integer over 4,300 digits). */
  limit_exceeded: 422,
  /** The hourly quota is spent, or the account has as many request bodies or conversions in flight as it may; `Retry-After` says when to retry. */
  rate_limited: 429,
  /** Anything unexpected: the real message is logged with the request id, never sent. */
  internal_error: 500,
  /** A dependency (database, Redis) did not answer in time, every conversion worker is busy and the queue is full, or too many large bodies arrive at once. */
  unavailable: 503,
} as const;

/** Every code an error body may carry (documented one by one in ERROR_STATUS). */
export type ErrorCode = keyof typeof ERROR_STATUS;

export const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];
