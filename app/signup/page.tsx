import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { SignupForm } from '@/components/auth/signup-form';
import { PASSWORD_MIN_LENGTH } from '@/lib/accounts/passwords';
import { getCurrentUser } from '@/lib/auth/session';
import { services } from '@/lib/services/seam';
import { safeCallbackUrl } from '@/lib/web/safe-callback-url';
import { PLANS } from '@/lib/accounts/plans';
import { formatBytes } from '@/lib/format/format-bytes';

const FREE_PLAN_LINE = `Free plan: ${PLANS.free.requestsPerHour!.toLocaleString('en-US')} requests an hour, documents up to ${formatBytes(PLANS.free.maxInputBytes)}.`;

export const metadata: Metadata = { title: 'Sign up', description: 'Create a yamljson account and get an API key.' };
export const dynamic = 'force-dynamic';

export default async function SignupPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  // Signed in already: the dashboard, not a second account.
  // (A database that does not answer leaves the page as it is: the form then says so.)
  if (await getCurrentUser(services()).catch(() => null)) redirect('/dashboard');
  const params = await searchParams;
  const callbackUrl = safeCallbackUrl(params.callbackUrl);
  return (
    <div className="auth-page">
      <h1>Create your account</h1>
      <p className="muted">{FREE_PLAN_LINE}</p>
      <SignupForm callbackUrl={callbackUrl} minPasswordLength={PASSWORD_MIN_LENGTH} outbox={!services().mail.delivers} />
      <p className="auth-switch">
        Already have an account? <Link href={`/signin?callbackUrl=${encodeURIComponent(callbackUrl)}`}>Sign in</Link>
      </p>
    </div>
  );
}
