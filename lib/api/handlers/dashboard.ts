// The dashboard's API (session + same-origin guards run first): sign-up, keys, plan, usage.
import 'server-only';
import { createApiKey, listApiKeys, renameApiKey, revokeApiKey } from '@/lib/accounts/api-keys';
import { PLAN_LIST } from '@/lib/accounts/plans';
import { usageSummary } from '@/lib/accounts/quota';
import { createUser, setPlan } from '@/lib/accounts/users';
import { db } from '@/lib/db/client';
import { ApiError } from '../errors';
import { jsonResponse } from '../json-response';
import { readJsonBody } from '../read-body';
import type { ApiContext } from '../with-api';

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

export async function handleSignup(request: Request): Promise<Response> {
  const body = await readJsonBody(request, SMALL_BODY_BYTES);
  const user = await createUser(db(), stringField(body, 'email'), stringField(body, 'password'));
  return Response.json({ user }, { status: 201, headers: { 'Cache-Control': 'no-store' } });
}

export async function handleListKeys(_request: Request, ctx: ApiContext): Promise<Response> {
  return jsonResponse({ keys: await listApiKeys(db(), signedIn(ctx).id) });
}

export async function handleCreateKey(request: Request, ctx: ApiContext): Promise<Response> {
  const body = await readJsonBody(request, SMALL_BODY_BYTES);
  const created = await createApiKey(db(), signedIn(ctx).id, body.name);
  return Response.json(created, { status: 201, headers: { 'Cache-Control': 'no-store' } });
}

export async function handleRenameKey(request: Request, ctx: ApiContext, id: string): Promise<Response> {
  const body = await readJsonBody(request, SMALL_BODY_BYTES);
  return jsonResponse({ key: await renameApiKey(db(), signedIn(ctx).id, id, body.name) });
}

export async function handleRevokeKey(_request: Request, ctx: ApiContext, id: string): Promise<Response> {
  return jsonResponse({ key: await revokeApiKey(db(), signedIn(ctx).id, id) });
}

export function handleGetPlan(_request: Request, ctx: ApiContext): Response {
  return jsonResponse({ plan: signedIn(ctx).plan, plans: PLAN_LIST });
}

export async function handleSetPlan(request: Request, ctx: ApiContext): Promise<Response> {
  const body = await readJsonBody(request, SMALL_BODY_BYTES);
  const user = await setPlan(db(), signedIn(ctx).id, stringField(body, 'plan'));
  return jsonResponse({ plan: user.plan, plans: PLAN_LIST });
}

export async function handleUsage(_request: Request, ctx: ApiContext): Promise<Response> {
  const user = signedIn(ctx);
  return jsonResponse(await usageSummary(db(), user.id, user.plan));
}
