'use client';
// Reset password: the new password for the account of the mailed link (the token comes from the page's URL).
import Link from 'next/link';
import { type FormEvent, useState } from 'react';
import { useApiMutation } from '@/components/hooks/use-api-mutation';
import { useHydrated } from '@/components/hooks/use-hydrated';
import { ErrorAlert } from '@/components/ui/error-alert';
import { fetchJson } from '@/lib/web/fetch-json';

export function ResetPasswordForm({ token, email, minPasswordLength }: { token: string; email: string; minPasswordLength: number }) {
  const [password, setPassword] = useState('');
  const hydrated = useHydrated();
  const send = useApiMutation(() =>
    fetchJson<{ message: string }>('/api/account/password-reset/confirm', { method: 'POST', body: { token, password } }),
  );

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void send.run();
  }

  const done = send.data?.message;
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
    <form className="card" onSubmit={onSubmit} noValidate aria-describedby={send.error ? 'reset-error' : undefined}>
      <ErrorAlert message={send.error} id="reset-error" />
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
      <button type="submit" className="button button-primary button-large" disabled={send.busy || !hydrated}>
        {send.busy ? 'Saving…' : 'Set the new password'}
      </button>
    </form>
  );
}
