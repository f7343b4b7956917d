'use client';
// Reset password: the new password for the account of the mailed link (the token comes from the page's URL).
import Link from 'next/link';
import { type FormEvent, useState } from 'react';
import { useHydrated } from '@/components/hooks/use-hydrated';
import { fetchJson } from '@/lib/web/fetch-json';

export function ResetPasswordForm({ token, email, minPasswordLength }: { token: string; email: string; minPasswordLength: number }) {
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();
  const [error, setError] = useState('');
  const [done, setDone] = useState('');

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError('');
    const result = await fetchJson<{ message: string }>('/api/account/password-reset/confirm', { method: 'POST', body: { token, password } });
    setBusy(false);
    if (result.ok) setDone(result.data.message);
    else setError(result.message);
  }

  if (done) {
    return (
      <div className="card">
        <p className="alert alert-success" role="status">
          {done}
        </p>
        <Link href="/signin" className="button button-primary button-large">
          Sign in
        </Link>
      </div>
    );
  }
  return (
    <form className="card" onSubmit={onSubmit} noValidate aria-describedby={error ? 'reset-error' : undefined}>
      {error ? (
        <div className="alert alert-error" role="alert" id="reset-error">
          {error}
        </div>
      ) : null}
      {/* For password managers: the account whose password this is. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <div className="field">
        <label htmlFor="password">New password</label>
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
          At least {minPasswordLength} characters. Every browser signed in to the account will be signed out.
        </p>
      </div>
      <button type="submit" className="button button-primary button-large" disabled={busy || !hydrated}>
        {busy ? 'Saving…' : 'Set the new password'}
      </button>
    </form>
  );
}
