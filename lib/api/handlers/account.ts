// The account's own endpoints (issue 13 §1): password reset by mail (no session: same-origin only),
// and behind a session the account page's changes: resend the verification link, change password,
// change email, delete the account. The work is in lib/accounts; links in mails start with the site's
// public origin (NEXTAUTH_URL, else the origin the request came to).
import 'server-only';
import { changePassword, deleteAccount, requestEmailChange } from '@/lib/accounts/account-settings';
import { requestPasswordReset, resetPassword } from '@/lib/accounts/recovery';
import { isEmailVerified, sendVerification } from '@/lib/accounts/verification';
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
import { readJsonBody } from '../read-body';
import { jsonReply, type ApiReply } from '../reply';
import { expectedOrigin } from '../session-guards';
import type { ApiContext, ApiRequest } from '../with-api';

/** Account bodies are small: an address, a token, passwords. */
const SMALL_BODY_BYTES = 16 * 1024;

/** Where the links in mails point: the site's public origin. */
export const linkOrigin = (request: ApiRequest, ctx: ApiContext) => expectedOrigin(request, ctx.services.config.siteOrigin);

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
  return jsonReply(await requestPasswordReset(db, mail, email, linkOrigin(request, ctx), requestClientAddress(request.headers)));
}

// POST /api/account/password-reset/confirm - a new password with the mailed link; every session ends.
export async function handleResetPassword(request: ApiRequest, ctx: ApiContext): Promise<ApiReply> {
  const { token, password } = parseDashboardBody(PasswordResetBodySchema, await readBody(request, ctx));
  const { email } = await resetPassword(ctx.services.db, token, password);
  return jsonReply({
    email,
    message: 'Your password is changed, and every browser signed in to the account is signed out. Sign in with the new password.',
  });
}

// GET /api/dashboard/account - the address and whether it is verified.
export async function handleGetAccount(_request: ApiRequest, ctx: ApiContext): Promise<ApiReply> {
  const user = signedIn(ctx);
  return jsonReply({ email: user.email, plan: user.plan, emailVerified: await isEmailVerified(ctx.services.db, user.id) });
}

// POST /api/dashboard/account/verification - a new verification link (a verified account gets none).
export async function handleResendVerification(request: ApiRequest, ctx: ApiContext): Promise<ApiReply> {
  const user = signedIn(ctx);
  const { db, mail } = ctx.services;
  const { sent, email } = await sendVerification(db, mail, user.id, linkOrigin(request, ctx), requestClientAddress(request.headers));
  return jsonReply({ sent, email, message: sent ? `A new link is on its way to ${email}.` : `${email} is verified already.` });
}

// PUT /api/dashboard/account/password - the current password and a new one; the other sessions end.
export async function handleChangePassword(request: ApiRequest, ctx: ApiContext): Promise<ApiReply> {
  const { currentPassword, newPassword } = parseDashboardBody(ChangePasswordBodySchema, await readBody(request, ctx));
  const keepSession = await currentSessionSecret(request.headers.get('cookie'), ctx.services);
  const { sessionsEnded } = await changePassword(ctx.services.db, ctx.services.mail, signedIn(ctx).id, {
    currentPassword,
    newPassword,
    keepSession,
    origin: linkOrigin(request, ctx),
  });
  return jsonReply({ sessionsEnded, message: 'Your password is changed. Every other browser signed in to the account is signed out.' });
}

// PUT /api/dashboard/account/email - a link to the new address; the address changes when it is followed.
export async function handleChangeEmail(request: ApiRequest, ctx: ApiContext): Promise<ApiReply> {
  const { newEmail, password } = parseDashboardBody(ChangeEmailBodySchema, await readBody(request, ctx));
  return jsonReply(
    await requestEmailChange(ctx.services.db, ctx.services.mail, signedIn(ctx).id, { newEmail, password, origin: linkOrigin(request, ctx) }),
  );
}

// DELETE /api/dashboard/account - the password; keys refused at once, usage and sessions gone, a mail confirms.
export async function handleDeleteAccount(request: ApiRequest, ctx: ApiContext): Promise<ApiReply> {
  const { password } = parseDashboardBody(DeleteAccountBodySchema, await readBody(request, ctx));
  const { email } = await deleteAccount(ctx.services.db, ctx.services.mail, signedIn(ctx).id, { password, origin: linkOrigin(request, ctx) });
  return jsonReply({ deleted: true, email });
}
