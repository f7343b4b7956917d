// The dashboard's API (and sign-up) by path and method, in the public routes' shape (route-table.ts): served by
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
import { defineRoute, type Route } from './route-table';
import { dashboardGuards, requireSameOrigin } from './session-guards';
import { type ApiHandler, withApi } from './with-api';

const signedIn = (handler: ApiHandler) => withApi(handler, { guards: dashboardGuards });
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
} satisfies Record<string, Route>;

export type DashboardPath = keyof typeof DASHBOARD_ROUTES;
