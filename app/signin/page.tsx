import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { SigninForm } from '@/components/auth/signin-form';
import { WRONG_CREDENTIALS } from '@/lib/accounts/sign-in-messages';
import { getCurrentUser } from '@/lib/auth/session';
import { services } from '@/lib/services/seam';
import { safeCallbackUrl } from '@/lib/web/safe-callback-url';

export const metadata: Metadata = { title: 'Sign in', description: 'Sign in to your yamljson dashboard.' };
export const dynamic = 'force-dynamic';

/** next-auth's error codes, when it sends someone here with ?error=. */
const ERRORS: Record<string, string> = {
  CredentialsSignin: WRONG_CREDENTIALS,
  SessionRequired: 'Sign in to see that page.',
};

export default async function SigninPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  // Signed in already: the dashboard, not a second sign-in.
  // (A database that does not answer leaves the page as it is: the form then says so.)
  if (await getCurrentUser(services()).catch(() => null)) redirect('/dashboard');
  const params = await searchParams;
  const callbackUrl = safeCallbackUrl(params.callbackUrl);
  const errorCode = typeof params.error === 'string' ? params.error : undefined;
  const initialError = errorCode ? (ERRORS[errorCode] ?? 'Signing in failed; try again.') : undefined;
  return (
    <div className="auth-page">
      <h1>Sign in</h1>
      <p className="muted">Manage your API keys, plan and usage.</p>
      <SigninForm callbackUrl={callbackUrl} initialError={initialError} />
      <p className="auth-switch">
        <Link href="/forgot-password">Forgot password?</Link>
      </p>
      <p className="auth-switch">
        New to yamljson? <Link href={`/signup?callbackUrl=${encodeURIComponent(callbackUrl)}`}>Create an account</Link>
      </p>
    </div>
  );
}
