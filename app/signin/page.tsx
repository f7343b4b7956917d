import type { Metadata } from 'next';
import Link from 'next/link';
import { SigninForm } from '@/components/auth/signin-form';
import { safeCallbackUrl } from '@/lib/web/safe-callback-url';

export const metadata: Metadata = { title: 'Sign in', description: 'Sign in to your yamljson dashboard.' };

/** next-auth's error codes, when it sends someone here with ?error=. */
const ERRORS: Record<string, string> = {
  CredentialsSignin: 'Wrong email or password.',
  SessionRequired: 'Sign in to see that page.',
};

export default async function SigninPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
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
        New to yamljson? <Link href={`/signup?callbackUrl=${encodeURIComponent(callbackUrl)}`}>Create an account</Link>
      </p>
    </div>
  );
}
