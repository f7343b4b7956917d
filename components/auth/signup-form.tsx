'use client';
// Sign up: create the account, then sign in with the same credentials and go to the dashboard. The
// server answers sign-up the same way whether or not the email had an account; when signing in
// then fails, the form says so in words that fit both cases.
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { signIn } from 'next-auth/react';
import { useState, type FormEvent } from 'react';
import type { SignUpBody } from '@/lib/web/dashboard-types';
import { fetchJson } from '@/lib/web/fetch-json';

const WRONG_PASSWORD = 'Wrong email or password.';

export function SignupForm({ callbackUrl, minPasswordLength }: { callbackUrl: string; minPasswordLength: number }) {
  const router = useRouter();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<{ message: string; signIn: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const created = await fetchJson<SignUpBody>('/api/account/signup', {
      method: 'POST',
      body: { email, password },
    });
    if (!created.ok) {
      setError({ message: created.message, signIn: false });
      setBusy(false);
      return;
    }
    const result = await signIn('credentials', { email, password, redirect: false });
    if (!result?.ok) {
      // The email had an account with another password (or signing in is throttled): say what to do.
      const message = !result?.error || result.error === WRONG_PASSWORD ? created.data.message : result.error;
      setError({ message, signIn: true });
      setBusy(false);
      return;
    }
    router.push(callbackUrl);
    router.refresh();
  }

  return (
    <form className="card" onSubmit={onSubmit} noValidate aria-describedby={error ? 'signup-error' : undefined}>
      {error ? (
        <div className="alert alert-error" role="alert" id="signup-error">
          {error.message}
          {error.signIn ? (
            <>
              {' '}
              <Link href={`/signin?callbackUrl=${encodeURIComponent(callbackUrl)}`}>Go to sign in</Link>.
            </>
          ) : null}
        </div>
      ) : null}
      <div className="field">
        <label htmlFor="email">Email</label>
        <input
          id="email"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor="password">Password</label>
        <input
          id="password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          aria-describedby="password-hint"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <p className="field-hint" id="password-hint">
          At least {minPasswordLength} characters. A passphrase of a few words works well.
        </p>
      </div>
      <button type="submit" className="button button-primary button-large" disabled={busy}>
        {busy ? 'Creating your account…' : 'Create account'}
      </button>
    </form>
  );
}
