// The one Stripe client of the process (the real `stripe` package), made by lib/services from the configuration.
// STRIPE_API_URL points it elsewhere (stripe-mock, the tests' stand-in) through the package's own host, port and
// protocol options: the requests and the answers it parses are the same as against Stripe.
import Stripe from 'stripe';
import type { BillingSettings } from '@/lib/config';
import { ApiError } from '@/lib/errors/api-error';

export type { Stripe };

/**
 * How long one call to Stripe may take before it is given up (then 503 to the dashboard, or to Stripe's webhook
 * delivery, which tries again). Stripe answers in well under a second; its own default is 80 s, longer than a
 * person waits for a button.
 */
export const STRIPE_TIMEOUT_MS = 10_000;

export function createStripe(settings: BillingSettings): Stripe {
  const api = settings.apiUrl ? new URL(settings.apiUrl) : null;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: STRIPE_TIMEOUT_MS,
    telemetry: false,
    appInfo: { name: 'yamljson' },
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === 'https:' ? 443 : 80),
          protocol: api.protocol === 'https:' ? ('https' as const) : ('http' as const),
        }
      : {}),
  });
}

/** A failed call to Stripe as the API's answer: 503 (try again) for anything Stripe-side, never its internals. */
export function stripeUnavailable(what: string, err: unknown): ApiError {
  const status = (err as { statusCode?: number }).statusCode;
  const detail = status ? `Stripe answered ${status}` : 'Stripe could not be reached';
  return new ApiError('unavailable', `${what} is not possible right now (${detail}); try again in a moment.`, { headers: { 'Retry-After': '5' } });
}
