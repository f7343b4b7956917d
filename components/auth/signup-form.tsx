'use client';
// Sign up: create the account, then sign in with the same credentials and go to the dashboard. The
// server answers sign-up the same way whether or not the email had an account; when signing in
// then fails, the form says so in words that fit both cases.
import Link from 'next/link';
import { signIn } from 'next-auth/react';
import type { ReactNode } from 'react';
import type { SignUpBody } from '@/lib/web/dashboard-types';
import { fetchJson } from '@/lib/web/fetch-json';
import { type Credentials, CredentialsForm } from './credentials-form';

const WRONG_PASSWORD = 'Wrong email or password.';

export function SignupForm({ callbackUrl, minPasswordLength }: { callbackUrl: string; minPasswordLength: number }) {
  async function signUpWith({ email, password }: Credentials): Promise<ReactNode | null> {
    const created = await fetchJson<SignUpBody>('/api/account/signup', { method: 'POST', body: { email, password } });
    if (!created.ok) return created.message;
    const result = await signIn('credentials', { email, password, redirect: false });
    if (result?.ok) return null;
    // The email had an account with another password (or signing in is throttled): say what to do.
    const message = !result?.error || result.error === WRONG_PASSWORD ? created.data.message : result.error;
    return (
      <>
        {message} <Link href={`/signin?callbackUrl=${encodeURIComponent(callbackUrl)}`}>Go to sign in</Link>.
      </>
    );
  }

  return (
    <CredentialsForm
      name="signup"
      callbackUrl={callbackUrl}
      passwordAutoComplete="new-password"
      passwordHint={`At least ${minPasswordLength} characters. A passphrase of a few words works well.`}
      submitLabel="Create account"
      busyLabel="Creating your account…"
      submit={signUpWith}
    />
  );
}
