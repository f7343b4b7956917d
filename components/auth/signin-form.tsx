'use client';
// Sign in with email and password (next-auth credentials); errors are shown as the server words them.
import { signIn } from 'next-auth/react';
import type { MutationOutcome } from '@/components/hooks/use-api-mutation';
import { type Credentials, CredentialsForm } from './credentials-form';

async function signInWith({ email, password }: Credentials): Promise<MutationOutcome<null>> {
  const result = await signIn('credentials', { email, password, redirect: false });
  return result?.ok ? { ok: true, data: null } : { ok: false, message: result?.error || 'Signing in failed. Check your email and password.' };
}

export function SigninForm({ callbackUrl, initialError }: { callbackUrl: string; initialError?: string }) {
  return (
    <CredentialsForm
      name="signin"
      callbackUrl={callbackUrl}
      initialError={initialError}
      passwordAutoComplete="current-password"
      submitLabel="Sign in"
      busyLabel="Signing in…"
      submit={signInWith}
    />
  );
}
