// The dashboard's API (and sign-up, and Stripe's webhook) by path and method, in the public routes' shape (route-table.ts): served by
// Next.js only (the node:http front answers public paths), behind a session and same-origin checks.
import 'server-only';
import {
  handleCreateKey,
  handleDeleteKey,
  handleEndAllSessions,
  handleGetPlan,
  handleListKeys,
  handleRenameKey,
  handleRequestLog,
  handleRevokeKey,
  handleSetPlan,
  handleSignup,
  handleUsage,
} from './handlers/dashboard';
import { requireSessionOrApiKey } from './guards';
import {
  handleChangeEmail,
  handleChangePassword,
  handleDeleteAccount,
  handleGetAccount,
  handleRequestPasswordReset,
  handleResetPassword,
} from './handlers/account';
import { handleCheckout, handleEnterpriseContact, handlePortal, handleStripeWebhook, handleSupportRequest } from './handlers/billing';
import { defineRoute, type Route } from './route-table';
import { dashboardGuards, requireSameOrigin } from './session-guards';
import { handleNoSuchPath } from './handlers/no-such-path';
import { type ApiHandler, type Endpoint, withApi } from './with-api';
import { services } from '@/lib/services/seam';

const signedIn = (handler: ApiHandler) => withApi(handler, { guards: dashboardGuards });

const noSuchPath = withApi(handleNoSuchPath);

/**
 * A billing route: without billing (no STRIPE_SECRET_KEY) every method answers 404 as a path nothing serves does,
 * before any guard, so a self-hosted install shows nothing of it (not a 401, not a 405).
 */
function billingRoute(methods: Record<string, Endpoint>): Route {
  const route = defineRoute(methods);
  const whenBilling =
    (endpoint: Endpoint): Endpoint =>
    (request, params, path) =>
      (services().billing ? endpoint : noSuchPath)(request, params, path);
  return {
    methods: Object.fromEntries(Object.entries(route.methods).map(([method, endpoint]) => [method, whenBilling(endpoint)])),
    notAllowed: whenBilling(route.notAllowed),
  };
}
/** Reads scripts may make with one of the account's API keys instead of the session (counted toward the quota). */
const sessionOrKey = (handler: ApiHandler) => withApi(handler, { guards: [requireSameOrigin, requireSessionOrApiKey] });

export const DASHBOARD_ROUTES = {
  '/api/account/signup': defineRoute({ POST: withApi(handleSignup, { guards: [requireSameOrigin] }) }),
  '/api/dashboard/keys': defineRoute({ GET: signedIn(handleListKeys), POST: signedIn(handleCreateKey) }),
  '/api/dashboard/keys/[id]': defineRoute({ PATCH: signedIn(handleRenameKey), DELETE: signedIn(handleDeleteKey) }),
  '/api/dashboard/keys/[id]/revoke': defineRoute({ POST: signedIn(handleRevokeKey) }),
  '/api/dashboard/plan': defineRoute({ GET: signedIn(handleGetPlan), PUT: signedIn(handleSetPlan) }),
  '/api/dashboard/usage': defineRoute({ GET: sessionOrKey(handleUsage) }),
  '/api/dashboard/requests': defineRoute({ GET: sessionOrKey(handleRequestLog) }),
  '/api/dashboard/sessions': defineRoute({ DELETE: signedIn(handleEndAllSessions) }),
  '/api/account/password-reset': defineRoute({ POST: withApi(handleRequestPasswordReset, { guards: [requireSameOrigin] }) }),
  '/api/account/password-reset/confirm': defineRoute({ POST: withApi(handleResetPassword, { guards: [requireSameOrigin] }) }),
  '/api/dashboard/account': defineRoute({ GET: signedIn(handleGetAccount), DELETE: signedIn(handleDeleteAccount) }),
  '/api/dashboard/account/password': defineRoute({ PUT: signedIn(handleChangePassword) }),
  '/api/dashboard/account/email': defineRoute({ PUT: signedIn(handleChangeEmail) }),
  // Billing (lib/billing/): 404 without STRIPE_SECRET_KEY. The webhook takes no session, key or origin: Stripe's signature only.
  '/api/dashboard/billing/checkout': billingRoute({ POST: signedIn(handleCheckout) }),
  '/api/dashboard/billing/portal': billingRoute({ POST: signedIn(handlePortal) }),
  '/api/dashboard/billing/contact': billingRoute({ POST: signedIn(handleEnterpriseContact) }),
  '/api/dashboard/support': billingRoute({ POST: signedIn(handleSupportRequest) }),
  '/api/billing/webhook': billingRoute({ POST: withApi(handleStripeWebhook) }),
} satisfies Record<string, Route>;
