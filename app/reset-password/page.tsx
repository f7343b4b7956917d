import type { Metadata } from 'next';
import Link from 'next/link';
import { ResetPasswordForm } from '@/components/auth/reset-password-form';
import { ErrorAlert } from '@/components/ui/error-alert';
import { PASSWORD_MIN_LENGTH } from '@/lib/accounts/passwords';
import { resetLinkEmail } from '@/lib/accounts/recovery';
import { services } from '@/lib/services/seam';

export const metadata: Metadata = { title: 'Choose a new password', description: 'Set a new password for your yamljson account.' };
export const dynamic = 'force-dynamic';

export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { token } = await searchParams;
  // Looked at, not used: the link is used when the new password is set.
  const email = typeof token === 'string' ? await resetLinkEmail(services().db, token) : null;
  return (
    <div className="auth-page">
      <h1>Choose a new password</h1>
      {email && typeof token === 'string' ? (
        <>
          <p className="muted">
            For <strong>{email}</strong>.
          </p>
          <ResetPasswordForm token={token} email={email} minPasswordLength={PASSWORD_MIN_LENGTH} />
        </>
      ) : (
        <div className="card">
          <ErrorAlert message="This link does not work any more: it was used already, it is more than 30 minutes old, or it was not copied whole." />
          <Link href="/forgot-password" className="button button-primary button-large">
            Ask for a new link
          </Link>
        </div>
      )}
    </div>
  );
}
