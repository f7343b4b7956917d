// Billing's endpoints (lib/billing/): checkout, the Customer Portal, "talk to us", support, and Stripe's webhook.
// Every one answers 404 without STRIPE_SECRET_KEY: a self-hosted install has nothing of billing. The webhook has
// no session, key or origin check: only Stripe's signature, checked by the billing service.
import 'server-only';
import { isPlanId } from '@/lib/accounts/plans';
import type { Billing } from '@/lib/billing/billing';
import { sendOperatorRequest, type RequestKind } from '@/lib/billing/requests';
import { joinBlocks } from '@/lib/jobs/body-bytes';
import { ApiError } from '../errors';
import { CheckoutBodySchema, OperatorRequestBodySchema, parseDashboardBody } from '../dashboard-schemas';
import { readJsonBody, readJsonBodyBytes } from '../read-body';
import { jsonReply, type ApiReply } from '../reply';
import type { ApiContext, ApiRequest } from '../with-api';

/** Dashboard bodies are small: a plan, a message of at most 5,000 characters. */
const SMALL_BODY_BYTES = 64 * 1024;
/** Stripe's events are a few kilobytes; a subscription with many items stays well under this. */
const WEBHOOK_BODY_BYTES = 256 * 1024;

function billingOf(ctx: ApiContext): Billing {
  if (!ctx.services.billing) throw new ApiError('not_found', 'No API endpoint at this path.');
  return ctx.services.billing;
}

function signedIn(ctx: ApiContext) {
  if (!ctx.user) throw new Error('billing handlers run after requireSession');
  return ctx.user;
}

// POST /api/dashboard/billing/checkout - {plan}: the address of Stripe Checkout for it (the plan changes when Stripe's webhook says it is paid).
export async function handleCheckout(request: ApiRequest, ctx: ApiContext): Promise<ApiReply> {
  const billing = billingOf(ctx);
  const { plan } = parseDashboardBody(CheckoutBodySchema, await readJsonBody(request, SMALL_BODY_BYTES, { gate: ctx.services.bodyGate }));
  if (!isPlanId(plan)) throw new ApiError('bad_request', `Unknown plan "${plan}".`);
  return jsonReply(await billing.checkout(signedIn(ctx), plan));
}

// POST /api/dashboard/billing/portal - the address of Stripe's Customer Portal (card, invoices, cancellation).
export async function handlePortal(_request: ApiRequest, ctx: ApiContext): Promise<ApiReply> {
  return jsonReply(await billingOf(ctx).portal(signedIn(ctx)));
}

async function operatorRequest(request: ApiRequest, ctx: ApiContext, kind: RequestKind): Promise<ApiReply> {
  const billing = billingOf(ctx);
  const { message } = parseDashboardBody(OperatorRequestBodySchema, await readJsonBody(request, SMALL_BODY_BYTES, { gate: ctx.services.bodyGate }));
  const { db, mail, site } = ctx.services;
  const sent = await sendOperatorRequest(db, mail, { user: signedIn(ctx), kind, message, operatorEmail: billing.operatorEmail, origin: site.origin });
  const answer =
    kind === 'enterprise'
      ? `Thank you: we will write to ${sent.email} about the Enterprise plan.`
      : `Thank you: we will answer at ${sent.email}${sent.priority ? ', with priority (your plan includes priority support)' : ''}.`;
  return jsonReply({ id: sent.id, message: answer, priority: sent.priority }, 201);
}

// POST /api/dashboard/billing/contact - {message}: "talk to us" about Enterprise, mailed to the operator and recorded.
export const handleEnterpriseContact = (request: ApiRequest, ctx: ApiContext) => operatorRequest(request, ctx, 'enterprise');

// POST /api/dashboard/support - {message}: a support request mailed to the operator, marked with the account's plan.
export const handleSupportRequest = (request: ApiRequest, ctx: ApiContext) => operatorRequest(request, ctx, 'support');

// POST /api/billing/webhook - Stripe's events, signed (Stripe-Signature); 200 once applied, or known, or ignored.
export async function handleStripeWebhook(request: ApiRequest, ctx: ApiContext): Promise<ApiReply> {
  const billing = billingOf(ctx);
  const payload = joinBlocks(await readJsonBodyBytes(request, WEBHOOK_BODY_BYTES, { gate: ctx.services.bodyGate, counter: ctx }));
  const outcome = await billing.webhook(payload, request.headers.get('stripe-signature'));
  return jsonReply({ received: true, outcome });
}
