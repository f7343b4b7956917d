import type { Metadata } from 'next';
import { headers } from 'next/headers';
import Link from 'next/link';
import { isAccountError } from '@/lib/accounts/errors';
import { followEmailLink, type LinkOutcome } from '@/lib/accounts/verification';
import { services } from '@/lib/services/seam';

export const metadata: Metadata = { title: 'Email address', description: 'Confirm your email address for yamljson.' };
export const dynamic = 'force-dynamic';

/** The origin this request came to (links in the mail this page may send), when NEXTAUTH_URL does not say. */
async function requestOrigin(): Promise<string> {
  const h = await headers();
  const proto = h.get('x-forwarded-proto')?.split(',')[0]?.trim() ?? 'http';
  return `${proto}://${h.get('x-forwarded-host') ?? h.get('host') ?? 'localhost'}`;
}

/** The link of a verification or email-change mail: following it is the confirmation (single use). */
export default async function VerifyEmailPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { token } = await searchParams;
  const { db, mail, config } = services();
  let outcome: LinkOutcome | null = null;
  let problem = '';
  try {
    outcome = await followEmailLink(db, mail, token, config.siteOrigin ?? (await requestOrigin()));
  } catch (err) {
    if (!isAccountError(err)) throw err;
    problem = err.message;
  }
  return (
    <div className="auth-page">
      <h1>{outcome?.kind === 'email_changed' ? 'Email address changed' : 'Email address'}</h1>
      <div className="card">
        {outcome ? (
          <p className="alert alert-success" role="status">
            {outcome.kind === 'verified'
              ? `Thank you: ${outcome.email} is verified.`
              : `Your account's address is now ${outcome.email}. Sign in with it from now on.`}
          </p>
        ) : (
          <p className="alert alert-error" role="alert">
            {problem}
          </p>
        )}
        <Link href="/dashboard" className="button button-primary button-large">
          Go to the dashboard
        </Link>
      </div>
    </div>
  );
}
