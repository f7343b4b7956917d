'use client';
// Sign up: create the account, then sign in with the same credentials and go to the dashboard.
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { signIn } from 'next-auth/react';
import { useState, type FormEvent } from 'react';
import { fetchJson } from '@/lib/web/fetch-json';

export function SignupForm({ callbackUrl, minPasswordLength }: { callbackUrl: string; minPasswordLength: number }) {
  const router = useRouter();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<{ message: string; taken: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const created = await fetchJson<{ user: { id: string } }>('/api/account/signup', {
      method: 'POST',
      body: { email, password },
    });
    if (!created.ok) {
      setError({ message: created.message, taken: created.code === 'email_taken' });
      setBusy(false);
      return;
    }
    const result = await signIn('credentials', { email, password, redirect: false });
    if (!result?.ok) {
      setError({ message: result?.error ?? 'Your account was created, but signing in failed. Sign in below.', taken: true });
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
          {error.taken ? (
            <>
              {' '}
              <Link href={`/signin?callbackUrl=${encodeURIComponent(callbackUrl)}`}>Sign in instead</Link>.
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
