// The words of every mail the service sends. Links are absolute, on the site's public origin
// (lib/http/public-site.ts: NEXTAUTH_URL, else the address the server listens on; never a request's Host).
import type { Mail } from './outbox';

const SIGNATURE = '\n\n-- \nyamljson';

const link = (origin: string, path: string, token: string) => `${origin}${path}?token=${encodeURIComponent(token)}`;

export function verifyEmailMail(to: string, userId: string, origin: string, token: string): Mail {
  return {
    kind: 'verify_email',
    to,
    userId,
    subject: 'Confirm your email address for yamljson',
    text:
      `Welcome to yamljson. To confirm that ${to} is your address, open this link (valid for 24 hours) and enter ` +
      `the password you chose when you signed up; you are then signed in:\n\n` +
      `${link(origin, '/verify-email', token)}\n\n` +
      `Until then the account cannot sign in or hold an API key.\n` +
      `If you did not sign up, ignore this mail: nothing happens without the link and that password.${SIGNATURE}`,
  };
}

export function addressProvenMail(to: string, userId: string, origin: string, ended: { keysRevoked: number; sessionsEnded: number }): Mail {
  const what = [
    ended.keysRevoked ? `${ended.keysRevoked} API key${ended.keysRevoked === 1 ? ' was' : 's were'} revoked` : '',
    ended.sessionsEnded ? `${ended.sessionsEnded} signed-in browser${ended.sessionsEnded === 1 ? ' was' : 's were'} signed out` : '',
  ]
    .filter(Boolean)
    .join(' and ');
  return {
    kind: 'address_proven',
    to,
    userId,
    subject: 'Your yamljson address is confirmed',
    text:
      `${to} is now confirmed as the address of its yamljson account. What the account had before anyone had proven ` +
      `the address may have been made by someone else who signed up with it, so ${what}.\n\n` +
      `If they were yours, sign in and create new keys: ${origin}/dashboard${SIGNATURE}`,
  };
}

export function signupExistingMail(to: string, userId: string, origin: string): Mail {
  return {
    kind: 'signup_existing',
    to,
    userId,
    subject: 'Someone tried to sign up to yamljson with your email',
    text:
      `Someone (perhaps you) tried to create a yamljson account with ${to}, which already has one. Nothing was changed.\n\n` +
      `To sign in: ${origin}/signin\nForgot your password? ${origin}/forgot-password\n\n` +
      `If it was not you, you need not do anything.${SIGNATURE}`,
  };
}

export function resetPasswordMail(to: string, userId: string, origin: string, token: string): Mail {
  return {
    kind: 'reset_password',
    to,
    userId,
    subject: 'Reset your yamljson password',
    text:
      `Someone (perhaps you) asked to reset the password of the yamljson account ${to}. Choose a new password here ` +
      `(the link works once, for 30 minutes):\n\n${link(origin, '/reset-password', token)}\n\n` +
      `Every signed-in browser of the account will be signed out. If you did not ask, ignore this mail: your password stays as it is.${SIGNATURE}`,
  };
}

export function passwordChangedMail(to: string, userId: string, origin: string): Mail {
  return {
    kind: 'password_changed',
    to,
    userId,
    subject: 'Your yamljson password was changed',
    text:
      `The password of the yamljson account ${to} was just changed, and its other signed-in browsers were signed out.\n\n` +
      `If it was not you, reset it now: ${origin}/forgot-password${SIGNATURE}`,
  };
}

export function changeEmailMail(to: string, userId: string, origin: string, token: string, from: string): Mail {
  return {
    kind: 'change_email',
    to,
    userId,
    subject: 'Confirm your new email address for yamljson',
    text:
      `The yamljson account ${from} asked to use ${to} from now on. Confirm by opening this link (valid for 24 hours):\n\n` +
      `${link(origin, '/verify-email', token)}\n\n` +
      `The address changes only when the link is opened. If you did not ask for this, ignore this mail.${SIGNATURE}`,
  };
}

export function changeEmailTakenMail(to: string, origin: string): Mail {
  return {
    kind: 'change_email_taken',
    to,
    subject: 'Someone tried to move a yamljson account to your email',
    text:
      `Someone asked to move another yamljson account to ${to}, but ${to} already has an account, so nothing was changed.\n\n` +
      `To sign in: ${origin}/signin${SIGNATURE}`,
  };
}

export function emailChangedMail(to: string, userId: string, origin: string, newEmail: string): Mail {
  return {
    kind: 'email_changed',
    to,
    userId,
    subject: 'Your yamljson email address was changed',
    text:
      `The yamljson account that used ${to} now signs in with ${newEmail}. This address will get no more mail about it.\n\n` +
      `If it was not you, write to the operator of ${origin} at once.${SIGNATURE}`,
  };
}

export function accountDeletedMail(to: string, userId: string, origin: string): Mail {
  return {
    kind: 'account_deleted',
    to,
    userId,
    subject: 'Your yamljson account was deleted',
    text:
      `The yamljson account ${to} was deleted: its API keys were revoked at once, and its usage and sessions removed.\n\n` +
      `You can create a new account at any time: ${origin}/signup${SIGNATURE}`,
  };
}

const day = (at: Date) => at.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

export function paymentFailedMail(to: string, userId: string, origin: string, plan: string, graceEndsAt: Date): Mail {
  return {
    kind: 'payment_failed',
    to,
    userId,
    subject: `Your yamljson payment failed: the ${plan} plan stays until ${day(graceEndsAt)}`,
    text:
      `The last payment for the ${plan} plan of the yamljson account ${to} did not go through. Stripe will try again; ` +
      `meanwhile the account keeps the ${plan} plan until ${day(graceEndsAt)} (UTC). If no payment has succeeded by then, ` +
      `it moves to the Free plan.\n\nTo update the card, open "Manage billing" in the dashboard: ${origin}/dashboard${SIGNATURE}`,
  };
}

const ENDED_BECAUSE: Record<'ended' | 'payment' | 'refund' | 'dispute', string> = {
  ended: 'its subscription ended',
  payment: 'no payment succeeded within the grace period after a failed one',
  refund: 'its payment was refunded',
  dispute: 'its payment was disputed',
};

export function planEndedMail(to: string, userId: string, origin: string, plan: string, reason: keyof typeof ENDED_BECAUSE): Mail {
  return {
    kind: 'plan_ended',
    to,
    userId,
    subject: `Your yamljson account is on the Free plan now`,
    text:
      `The yamljson account ${to} moved from the ${plan} plan to the Free plan, because ${ENDED_BECAUSE[reason]}. ` +
      `Its API keys keep working, within the Free plan's limits.\n\nTo choose a plan again: ${origin}/dashboard${SIGNATURE}`,
  };
}

/** A request to the operator (OPERATOR_EMAIL): "talk to us" about Enterprise, or support; marked with the account's plan. */
export function operatorRequestMail(
  operator: string,
  request: { kind: 'enterprise' | 'support'; email: string; userId: string; plan: string; priority: boolean; message: string },
  origin: string,
): Mail {
  const marker = `[${request.plan}${request.priority ? ', priority' : ''}]`;
  const subject =
    request.kind === 'enterprise' ? `${marker} Enterprise request from ${request.email}` : `${marker} Support request from ${request.email}`;
  const grant = request.kind === 'enterprise' ? `\nTo grant Enterprise: npm run admin -- set-plan --email ${request.email} --plan enterprise\n` : '';
  return {
    kind: request.kind === 'enterprise' ? 'enterprise_request' : 'support_request',
    to: operator,
    userId: request.userId,
    subject,
    text:
      `${request.kind === 'enterprise' ? 'An account asks about the Enterprise plan' : 'An account asks for support'} on ${origin}.\n\n` +
      `Account: ${request.email} (${request.userId})\nPlan: ${request.plan}${request.priority ? ' (priority support)' : ''}\n` +
      `Reply to: ${request.email}\n${grant}\n--- Message ---\n${request.message}${SIGNATURE}`,
  };
}
