// The account's own endpoints: password reset by mail (no session: same-origin only), and behind a
// session the account page's changes: change password, change email, delete the account. The work is
// in lib/accounts; links in mails start with the site's public origin (lib/http/public-site.ts), and a
// request addressed to another host sends no mail (mail-links.ts).
import 'server-only';
import { changePassword, deleteAccount, requestEmailChange } from '@/lib/accounts/account-settings';
import { requestPasswordReset, resetPassword } from '@/lib/accounts/recovery';
import { isEmailVerified } from '@/lib/accounts/verification';
import { currentSessionSecret } from '@/lib/auth/current-session';
import { requestClientAddress } from '@/lib/http/client-address';
import {
  ChangeEmailBodySchema,
  ChangePasswordBodySchema,
  DeleteAccountBodySchema,
  parseDashboardBody,
  PasswordResetBodySchema,
  PasswordResetRequestBodySchema,
} from '../dashboard-schemas';
import { mailLinkOrigin } from '../mail-links';
import { readJsonBody } from '../read-body';
import { jsonReply, type ApiReply } from '../reply';
import type { ApiContext, ApiRequest } from '../with-api';

/** Account bodies are small: an address, a token, passwords. */
const SMALL_BODY_BYTES = 16 * 1024;

function signedIn(ctx: ApiContext) {
  if (!ctx.user) throw new Error('account handlers run after requireSession');
  return ctx.user;
}

const readBody = (request: ApiRequest, ctx: ApiContext) =>
  readJsonBody(request, SMALL_BODY_BYTES, { account: ctx.user?.id, gate: ctx.services.bodyGate });

// POST /api/account/password-reset - the same answer for any address; a link is mailed if it has an account.
export async function handleRequestPasswordReset(request: ApiRequest, ctx: ApiContext): Promise<ApiReply> {
  const { email } = parseDashboardBody(PasswordResetRequestBodySchema, await readBody(request, ctx));
  const { db, mail } = ctx.services;
  return jsonReply(await requestPasswordReset(db, mail, email, mailLinkOrigin(request, ctx), requestClientAddress(request.headers)));
}

// POST /api/account/password-reset/confirm - a new password with the mailed link; every session ends
// (and, when this is the address's first proof, every key made before it is revoked).
export async function handleResetPassword(request: ApiRequest, ctx: ApiContext): Promise<ApiReply> {
  const { token, password } = parseDashboardBody(PasswordResetBodySchema, await readBody(request, ctx));
  const { db, mail, site } = ctx.services;
  const { email, keysRevoked } = await resetPassword(db, mail, site.origin, token, password);
  const revoked = keysRevoked
    ? ` The ${keysRevoked === 1 ? 'API key' : `${keysRevoked} API keys`} made before the address was confirmed ${keysRevoked === 1 ? 'is' : 'are'} revoked; create new ones in the dashboard.`
    : '';
  return jsonReply({
    email,
    keysRevoked,
    message: `Your password is changed, and every browser signed in to the account is signed out. Sign in with the new password.${revoked}`,
  });
}

// GET /api/dashboard/account - the address and whether it is verified.
export async function handleGetAccount(_request: ApiRequest, ctx: ApiContext): Promise<ApiReply> {
  const user = signedIn(ctx);
  return jsonReply({ email: user.email, plan: user.plan, emailVerified: await isEmailVerified(ctx.services.db, user.id) });
}

// PUT /api/dashboard/account/password - the current password and a new one; the other sessions end.
export async function handleChangePassword(request: ApiRequest, ctx: ApiContext): Promise<ApiReply> {
  const { currentPassword, newPassword } = parseDashboardBody(ChangePasswordBodySchema, await readBody(request, ctx));
  const keepSession = await currentSessionSecret(request.headers.get('cookie'), ctx.services);
  const { sessionsEnded } = await changePassword(ctx.services.db, ctx.services.mail, signedIn(ctx).id, {
    currentPassword,
    newPassword,
    keepSession,
    // A notice to the owner, not a link anyone asked for: sent whatever the Host (its links are the site's).
    origin: ctx.services.site.origin,
  });
  return jsonReply({ sessionsEnded, message: 'Your password is changed. Every other browser signed in to the account is signed out.' });
}

// PUT /api/dashboard/account/email - a link to the new address; the address changes when it is followed.
export async function handleChangeEmail(request: ApiRequest, ctx: ApiContext): Promise<ApiReply> {
  const { newEmail, password } = parseDashboardBody(ChangeEmailBodySchema, await readBody(request, ctx));
  return jsonReply(
    await requestEmailChange(ctx.services.db, ctx.services.mail, signedIn(ctx).id, { newEmail, password, origin: mailLinkOrigin(request, ctx) }),
  );
}

// DELETE /api/dashboard/account - the password; keys refused at once, usage and sessions gone, a mail confirms.
// With billing, the account's subscription at Stripe ends too: a deleted account is charged no more.
export async function handleDeleteAccount(request: ApiRequest, ctx: ApiContext): Promise<ApiReply> {
  const { password } = parseDashboardBody(DeleteAccountBodySchema, await readBody(request, ctx));
  const { billing, site } = ctx.services;
  const user = signedIn(ctx);
  const customer = await billing?.customerOf(user.id);
  const { email } = await deleteAccount(ctx.services.db, ctx.services.mail, user.id, { password, origin: site.origin });
  if (customer) await billing!.endSubscriptions(customer, user.id);
  return jsonReply({ deleted: true, email });
}
