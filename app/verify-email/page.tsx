import type { Metadata } from 'next';
import Link from 'next/link';
import { ConfirmAddressForm } from '@/components/auth/confirm-address-form';
import { ErrorAlert } from '@/components/ui/error-alert';
import { isAccountError } from '@/lib/accounts/errors';
import { INVALID_LINK } from '@/lib/accounts/tokens';
import { describeEmailLink, followEmailChangeLink } from '@/lib/accounts/verification';
import { services } from '@/lib/services/seam';

export const metadata: Metadata = { title: 'Email address', description: 'Confirm your email address for yamljson.' };
export const dynamic = 'force-dynamic';

/**
 * The link of a sign-up mail (the password chosen at sign-up confirms the address and signs in: looking
 * at the page uses nothing, so a mail scanner that opens links cannot spend it) or of an email change
 * (following it is the confirmation, single use).
 */
export default async function VerifyEmailPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { token } = await searchParams;
  const { db, mail, site } = services();
  const link = await describeEmailLink(db, token);
  if (link.kind === 'confirm_address' && typeof token === 'string') {
    return (
      <div className="auth-page">
        <h1>Confirm your address</h1>
        <p className="muted">
          Enter your password to confirm <strong>{link.email}</strong> and sign in.
        </p>
        <ConfirmAddressForm token={token} email={link.email} />
      </div>
    );
  }
  let message = INVALID_LINK;
  let changed = false;
  if (link.kind === 'change_email') {
    try {
      const { email } = await followEmailChangeLink(db, mail, token, site.origin);
      message = `Your account's address is now ${email}. Sign in with it from now on.`;
      changed = true;
    } catch (err) {
      if (!isAccountError(err)) throw err;
      message = err.message;
    }
  }
  return (
    <div className="auth-page">
      <h1>{changed ? 'Email address changed' : 'Email address'}</h1>
      <div className="card">
        {changed ? (
          <p className="alert alert-success" role="status">
            {message}
          </p>
        ) : (
          <ErrorAlert message={message} />
        )}
        <Link href="/dashboard" className="button button-primary button-large">
          Go to the dashboard
        </Link>
      </div>
    </div>
  );
}
