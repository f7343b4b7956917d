// The dashboard's API (session + same-origin guards run first): sign-up, keys, plan, usage, sessions.
import 'server-only';
import { createApiKey, deleteApiKey, listApiKeys, renameApiKey, revokeApiKey } from '@/lib/accounts/api-keys';
import { keyUsageCsv, keyUsageReport, readRequestLog } from '@/lib/accounts/key-usage/report';
import { AccountError } from '@/lib/accounts/errors';
import { isPlanId, PLAN_LIST, PLANS, type PlanId, planRank } from '@/lib/accounts/plans';
import { accountUsageCsv, usageSummary } from '@/lib/accounts/usage-summary';
import { endAllSessions } from '@/lib/accounts/sessions';
import { changeOwnPlan, findUserById, type PublicUser, signUp } from '@/lib/accounts/users';
import { refuseUnverifiedKey } from '@/lib/accounts/verification';
import { requestClientAddress } from '@/lib/http/client-address';
import { ApiError } from '../errors';
import { KeyCreateBodySchema, KeyNameBodySchema, parseDashboardBody, PlanBodySchema, SignupBodySchema } from '../dashboard-schemas';
import { jsonReply, type ApiReply } from '../reply';
import { mailLinkOrigin } from '../mail-links';
import { readJsonBody } from '../read-body';
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
  const body = await readJsonBody(request, SMALL_BODY_BYTES, { account: ctx.user?.id, gate: ctx.services.bodyGate });
  const { email, password } = parseDashboardBody(SignupBodySchema, body);
  const mail = { mail: ctx.services.mail, origin: mailLinkOrigin(request, ctx) };
  const outcome = await signUp(ctx.services.db, email, password, requestClientAddress(request.headers), mail);
  return jsonReply(outcome, 201);
}

// GET /api/dashboard/keys[?cursor=...] - a page of 100 keys, newest first, and the cursor of the next page (null at the end).
export async function handleListKeys(request: ApiRequest, ctx: ApiContext): Promise<ApiReply> {
  const cursor = new URL(request.url).searchParams.get('cursor');
  return jsonReply(await listApiKeys(ctx.services.db, signedIn(ctx).id, cursor || null));
}

export async function handleCreateKey(request: ApiRequest, ctx: ApiContext): Promise<ApiReply> {
  const body = await readJsonBody(request, SMALL_BODY_BYTES, { account: ctx.user?.id, gate: ctx.services.bodyGate });
  const { name, expiresAt } = parseDashboardBody(KeyCreateBodySchema, body);
  const created = await refuseUnverifiedKey(createApiKey(ctx.services.db, signedIn(ctx).id, name, expiresAt ? isoTime(expiresAt) : null));
  return jsonReply(created, 201);
}

/** An ISO 8601 time the schema let through, as a Date; a day that does not exist (2027-02-30) is an invalid Date, not March 2. */
function isoTime(text: string): Date {
  const [y, m, d] = text.slice(0, 10).split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d));
  if (day.getUTCFullYear() !== y || day.getUTCMonth() !== m - 1 || day.getUTCDate() !== d) return new Date(Number.NaN);
  return new Date(text);
}

export async function handleRenameKey(request: ApiRequest, ctx: ApiContext): Promise<ApiReply> {
  const body = await readJsonBody(request, SMALL_BODY_BYTES, { account: ctx.user?.id, gate: ctx.services.bodyGate });
  const { name } = parseDashboardBody(KeyNameBodySchema, body);
  return jsonReply({ key: await renameApiKey(ctx.services.db, signedIn(ctx).id, keyIdParam(ctx), name) });
}

// POST /api/dashboard/keys/[id]/revoke - the key is refused from the next call on.
export async function handleRevokeKey(_request: ApiRequest, ctx: ApiContext): Promise<ApiReply> {
  return jsonReply({ key: await revokeApiKey(ctx.services.db, signedIn(ctx).id, keyIdParam(ctx)) });
}

// DELETE /api/dashboard/keys/[id] - a revoked or expired key goes from the list (409 key_active for a working key).
export async function handleDeleteKey(_request: ApiRequest, ctx: ApiContext): Promise<ApiReply> {
  return jsonReply(await deleteApiKey(ctx.services.db, signedIn(ctx).id, keyIdParam(ctx)));
}

/**
 * The plan, the plan table, whether upgrades are self-serve, and with billing on, the account's billing (prices,
 * subscription, pending change, payment problem). Billing may end a plan whose time is up as it is read, so the
 * plan is read again after it.
 */
async function planBody(user: PublicUser, ctx: ApiContext) {
  const { billing, config, db } = ctx.services;
  const view = billing ? await billing.view(user) : null;
  const plan = view ? ((await findUserById(db, user.id))?.plan ?? user.plan) : user.plan;
  return { plan, plans: PLAN_LIST, selfServeUpgrades: config.selfServeUpgrades, billing: view };
}

export async function handleGetPlan(_request: ApiRequest, ctx: ApiContext): Promise<ApiReply> {
  return jsonReply(await planBody(signedIn(ctx), ctx));
}

// Down at once; up only when the operator allows self-serve upgrades (403 otherwise). With billing on, a plan that
// follows a subscription goes down at the period's end (and can be kept until then), and up through checkout.
export async function handleSetPlan(request: ApiRequest, ctx: ApiContext): Promise<ApiReply> {
  const body = await readJsonBody(request, SMALL_BODY_BYTES, { account: ctx.user?.id, gate: ctx.services.bodyGate });
  const { plan } = parseDashboardBody(PlanBodySchema, body);
  const { billing, config, db } = ctx.services;
  const current = signedIn(ctx);
  if (billing && isPlanId(plan)) {
    if (await billing.changePlan(current, plan)) return jsonReply(await planBody(current, ctx));
    if (planRank(plan) > planRank(current.plan) && !config.selfServeUpgrades) {
      throw new AccountError(
        'forbidden',
        PLANS[plan].purchase === 'checkout'
          ? `The ${PLANS[plan].name} plan is bought through checkout: choose it on the dashboard's plan card.`
          : `The ${PLANS[plan].name} plan is agreed with us: use "Talk to us" on the dashboard's plan card.`,
      );
    }
  }
  const user = await changeOwnPlan(db, current, plan, config.selfServeUpgrades);
  return jsonReply(await planBody(user, ctx));
}

/** The account of a request that a session or one of the account's API keys signed (requireSessionOrApiKey). */
function accountOf(ctx: ApiContext): { id: string; plan: PlanId } {
  if (ctx.user) return { id: ctx.user.id, plan: ctx.user.plan };
  if (ctx.account) return { id: ctx.account.userId, plan: ctx.account.plan };
  throw new Error('usage handlers run after requireSessionOrApiKey');
}

/** `?format=` of the usage endpoint: json (the default) or csv. */
function formatParam(url: URL): 'json' | 'csv' {
  const format = url.searchParams.get('format') ?? 'json';
  if (format !== 'json' && format !== 'csv') throw new ApiError('bad_request', '"format" is json or csv.');
  return format;
}

function csvReply(text: string, filename: string): ApiReply {
  return {
    status: 200,
    headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Cache-Control': 'no-store', 'Content-Disposition': `attachment; filename="${filename}"` },
    body: text,
  };
}

// GET /api/dashboard/usage[?keyId=key_...][&format=csv] - with the session, or with a Bearer key of the same
// account (scripts; such a call counts toward the quota). Without keyId: the account's hour, 24 hours and 30 days;
// with keyId: that key's calls per UTC hour and endpoint, 30 days (another account's key: 404).
export async function handleUsage(request: ApiRequest, ctx: ApiContext): Promise<ApiReply> {
  const account = accountOf(ctx);
  const url = new URL(request.url);
  const format = formatParam(url);
  const keyId = url.searchParams.get('keyId');
  // What is kept in memory or buffered (quota counts, per-key usage) is written first: the answer has every call.
  await Promise.all([ctx.services.quota.flush(), ctx.services.usage.flush()]);
  if (keyId !== null) {
    const report = await keyUsageReport(ctx.services.db, account.id, keyId);
    return format === 'csv' ? csvReply(keyUsageCsv(report), `yamljson-usage-${report.prefix}.csv`) : jsonReply(report);
  }
  const summary = await usageSummary(ctx.services.db, account.id, account.plan);
  return format === 'csv' ? csvReply(accountUsageCsv(summary), 'yamljson-usage.csv') : jsonReply(summary);
}

// GET /api/dashboard/requests[?requestId=req_...] - the newest 100 of the account's request log, or the one request.
export async function handleRequestLog(request: ApiRequest, ctx: ApiContext): Promise<ApiReply> {
  const account = accountOf(ctx);
  const requestId = new URL(request.url).searchParams.get('requestId');
  await ctx.services.usage.flush();
  return jsonReply({ requests: await readRequestLog(ctx.services.db, account.id, { requestId }) });
}

// DELETE /api/dashboard/sessions - sign out everywhere: every session of the account ends, this one too.
export async function handleEndAllSessions(_request: ApiRequest, ctx: ApiContext): Promise<ApiReply> {
  return jsonReply({ ended: await endAllSessions(ctx.services.db, signedIn(ctx).id) });
}
