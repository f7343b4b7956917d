// The answer for a method a route does not serve: the contract's error body, status 405 and `Allow`.
import { ApiError } from './errors';
import { withApi, type Endpoint } from './with-api';

export function methodNotAllowed(...allowed: string[]): Endpoint {
  return withApi((request) => {
    throw new ApiError('method_not_allowed', `${request.method} is not served here; use ${allowed.join(' or ')}.`, {
      headers: { Allow: allowed.join(', ') },
    });
  });
}
