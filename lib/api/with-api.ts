// Wraps every API route handler: request id, guards, and the one error path.
import 'server-only';
import { config } from './config';
import { toErrorResponse } from './errors';
import { newRequestId } from './request-id';
import type { KeyOwner } from '@/lib/accounts/api-keys';
import type { PublicUser } from '@/lib/accounts/users';

export interface ApiContext {
  /** `req_...`, sent back as `X-Request-Id` and in every error body. */
  readonly requestId: string;
  /** The largest `input` accepted, in UTF-8 bytes; a guard may set the account's plan limit. */
  maxInputBytes: number;
  /** Named in the 413 message when set ("the Free plan accepts up to 1 MB"). */
  planName?: string;
  /** The key and account of the request, once the key guard accepted it. */
  account?: KeyOwner;
  /** The signed-in user of a dashboard request, once the session guard accepted it. */
  user?: PublicUser;
  /** Headers added to the response, success or error (a response's own headers win). */
  readonly responseHeaders: Headers;
}

/** Runs before the handler; throws an ApiError to refuse the request. */
export type ApiGuard = (request: Request, ctx: ApiContext) => void | Promise<void>;
export type ApiHandler = (request: Request, ctx: ApiContext) => Response | Promise<Response>;

export interface WithApiOptions {
  guards?: readonly ApiGuard[];
}

export function withApi(handler: ApiHandler, options: WithApiOptions = {}): (request: Request) => Promise<Response> {
  const guards = options.guards ?? [];
  return async (request) => {
    const ctx: ApiContext = {
      requestId: newRequestId(),
      maxInputBytes: config.maxInputBytes,
      responseHeaders: new Headers(),
    };
    let response: Response;
    try {
      for (const guard of guards) await guard(request, ctx);
      response = await handler(request, ctx);
    } catch (err) {
      response = toErrorResponse(err, ctx.requestId);
    }
    ctx.responseHeaders.forEach((value, name) => {
      if (!response.headers.has(name)) response.headers.set(name, value);
    });
    response.headers.set('X-Request-Id', ctx.requestId);
    return response;
  };
}
