// The dashboard's API (session + same-origin guards run first): sign-up, keys, plan, usage, sessions.
import 'server-only';
import { createApiKey, listApiKeys, renameApiKey, revokeApiKey } from '@/lib/accounts/api-keys';
import { PLAN_LIST } from '@/lib/accounts/plans';
import { usageSummary } from '@/lib/accounts/quota';
import { endAllSessions } from '@/lib/accounts/sessions';
import { changeOwnPlan, signUp } from '@/lib/accounts/users';
import { refuseUnverifiedSecondKey } from '@/lib/accounts/verification';
import { requestClientAddress } from '@/lib/http/client-address';
import { KeyNameBodySchema, parseDashboardBody, PlanBodySchema, SignupBodySchema } from '../dashboard-schemas';
import { jsonReply, type ApiReply } from '../reply';
import { readJsonBody } from '../read-body';
import { expectedOrigin } from '../session-guards';
import type { ApiContext, ApiRequest } from '../with-api';

/** Dashboard bodies are small: a name, an email and password, a plan. */
const SMALL_BODY_BYTES = 16 * 1024;

function signedIn(ctx: ApiContext) {
  if (!ctx.user) throw new Error('dashboard handlers run after requireSession');
  return ctx.user;
}

/** The `[id]` of /api/dashboard/keys/[id], which the route table fills. */
function keyIdParam(ctx: ApiContext): string {
  const id = ctx.params.id;
  if (id === undefined) throw new Error('key handlers are served on /api/dashboard/keys/[id]');
  return id;
}

// The same 201 whether or not the email had an account (see signUp).
export async function handleSignup(request: ApiRequest, ctx: ApiContext): Promise<ApiReply> {
  const body = await readJsonBody(request, SMALL_BODY_BYTES, { gate: ctx.services.bodyGate });
  const { email, password } = parseDashboardBody(SignupBodySchema, body);
  const mail = { mail: ctx.services.mail, origin: expectedOrigin(request, ctx.services.config.siteOrigin) };
  const outcome = await signUp(ctx.services.db, email, password, requestClientAddress(request.headers), mail);
  return jsonReply(outcome, 201);
}

// GET /api/dashboard/keys[?cursor=...] - a page of 100 keys, newest first, and the cursor of the next page (null at the end).
export async function handleListKeys(request: ApiRequest, ctx: ApiContext): Promise<ApiReply> {
  const cursor = new URL(request.url).searchParams.get('cursor');
  return jsonReply(await listApiKeys(ctx.services.db, signedIn(ctx).id, cursor || null));
}

export async function handleCreateKey(request: ApiRequest, ctx: ApiContext): Promise<ApiReply> {
  const body = await readJsonBody(request, SMALL_BODY_BYTES, { gate: ctx.services.bodyGate });
  const { name } = parseDashboardBody(KeyNameBodySchema, body);
  const created = await refuseUnverifiedSecondKey(createApiKey(ctx.services.db, signedIn(ctx).id, name));
  return jsonReply(created, 201);
}

export async function handleRenameKey(request: ApiRequest, ctx: ApiContext): Promise<ApiReply> {
  const body = await readJsonBody(request, SMALL_BODY_BYTES, { gate: ctx.services.bodyGate });
  const { name } = parseDashboardBody(KeyNameBodySchema, body);
  return jsonReply({ key: await renameApiKey(ctx.services.db, signedIn(ctx).id, keyIdParam(ctx), name) });
}

export async function handleRevokeKey(_request: ApiRequest, ctx: ApiContext): Promise<ApiReply> {
  return jsonReply({ key: await revokeApiKey(ctx.services.db, signedIn(ctx).id, keyIdParam(ctx)) });
}

const planBody = (plan: string, ctx: ApiContext) => ({ plan, plans: PLAN_LIST, selfServeUpgrades: ctx.services.config.selfServeUpgrades });

export function handleGetPlan(_request: ApiRequest, ctx: ApiContext): ApiReply {
  return jsonReply(planBody(signedIn(ctx).plan, ctx));
}

// Down at once; up only when the operator allows self-serve upgrades (403 otherwise).
export async function handleSetPlan(request: ApiRequest, ctx: ApiContext): Promise<ApiReply> {
  const body = await readJsonBody(request, SMALL_BODY_BYTES, { gate: ctx.services.bodyGate });
  const { plan } = parseDashboardBody(PlanBodySchema, body);
  const user = await changeOwnPlan(ctx.services.db, signedIn(ctx), plan, ctx.services.config.selfServeUpgrades);
  return jsonReply(planBody(user.plan, ctx));
}

export async function handleUsage(_request: ApiRequest, ctx: ApiContext): Promise<ApiReply> {
  const user = signedIn(ctx);
  // Counts kept in memory or buffered (embedded and Redis quota stores) are written first: the page shows every call.
  await ctx.services.quota.flush();
  return jsonReply(await usageSummary(ctx.services.db, user.id, user.plan));
}

// DELETE /api/dashboard/sessions - sign out everywhere: every session of the account ends, this one too.
export async function handleEndAllSessions(_request: ApiRequest, ctx: ApiContext): Promise<ApiReply> {
  return jsonReply({ ended: await endAllSessions(ctx.services.db, signedIn(ctx).id) });
}
