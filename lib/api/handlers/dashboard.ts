// The dashboard's API (session + same-origin guards run first): sign-up, keys, plan, usage.
import 'server-only';
import { createApiKey, listApiKeys, renameApiKey, revokeApiKey } from '@/lib/accounts/api-keys';
import { PLAN_LIST } from '@/lib/accounts/plans';
import { usageSummary } from '@/lib/accounts/quota';
import { createUser, setPlan } from '@/lib/accounts/users';
import { db } from '@/lib/db/client';
import { accountsRuntime } from '../accounts-runtime';
import { ApiError } from '../errors';
import { jsonReply, type ApiReply } from '../reply';
import { readJsonBody } from '../read-body';
import type { ApiContext, ApiRequest } from '../with-api';

/** Dashboard bodies are small: a name, an email and password, a plan. */
const SMALL_BODY_BYTES = 16 * 1024;

function signedIn(ctx: ApiContext) {
  if (!ctx.user) throw new Error('dashboard handlers run after requireSession');
  return ctx.user;
}

function stringField(body: Record<string, unknown>, name: string): string {
  const value = body[name];
  if (typeof value !== 'string') throw new ApiError('bad_request', `"${name}" is required and must be a string.`);
  return value;
}

export async function handleSignup(request: ApiRequest): Promise<ApiReply> {
  const body = await readJsonBody(request, SMALL_BODY_BYTES);
  const user = await createUser(db(), stringField(body, 'email'), stringField(body, 'password'));
  return jsonReply({ user }, 201);
}

export async function handleListKeys(_request: ApiRequest, ctx: ApiContext): Promise<ApiReply> {
  return jsonReply({ keys: await listApiKeys(db(), signedIn(ctx).id) });
}

export async function handleCreateKey(request: ApiRequest, ctx: ApiContext): Promise<ApiReply> {
  const body = await readJsonBody(request, SMALL_BODY_BYTES);
  const created = await createApiKey(db(), signedIn(ctx).id, body.name);
  return jsonReply(created, 201);
}

export async function handleRenameKey(request: ApiRequest, ctx: ApiContext, id: string): Promise<ApiReply> {
  const body = await readJsonBody(request, SMALL_BODY_BYTES);
  return jsonReply({ key: await renameApiKey(db(), signedIn(ctx).id, id, body.name) });
}

export async function handleRevokeKey(_request: ApiRequest, ctx: ApiContext, id: string): Promise<ApiReply> {
  return jsonReply({ key: await revokeApiKey(db(), signedIn(ctx).id, id) });
}

export function handleGetPlan(_request: ApiRequest, ctx: ApiContext): ApiReply {
  return jsonReply({ plan: signedIn(ctx).plan, plans: PLAN_LIST });
}

export async function handleSetPlan(request: ApiRequest, ctx: ApiContext): Promise<ApiReply> {
  const body = await readJsonBody(request, SMALL_BODY_BYTES);
  const user = await setPlan(db(), signedIn(ctx).id, stringField(body, 'plan'));
  return jsonReply({ plan: user.plan, plans: PLAN_LIST });
}

export async function handleUsage(_request: ApiRequest, ctx: ApiContext): Promise<ApiReply> {
  const user = signedIn(ctx);
  // Counts kept in memory or buffered (embedded and Redis quota stores) are written first: the page shows every call.
  await accountsRuntime().quota.flush();
  return jsonReply(await usageSummary(db(), user.id, user.plan));
}
