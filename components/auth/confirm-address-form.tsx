'use client';
// The sign-up link's page: the password chosen at sign-up confirms the address and signs in (next-auth
// credentials with the link's token: lib/auth/options.ts), then on to the dashboard.
import { useRouter } from 'next/navigation';
import { signIn } from 'next-auth/react';
import { type FormEvent, useState } from 'react';
import { useHydrated } from '@/components/hooks/use-hydrated';

export function ConfirmAddressForm({ token, email }: { token: string; email: string }) {
  const router = useRouter();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const hydrated = useHydrated();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError('');
    const result = await signIn('credentials', { token, password, redirect: false });
    if (result?.ok) {
      router.push('/dashboard');
      router.refresh();
      return;
    }
    setError(result?.error || 'Confirming failed; try again.');
    setBusy(false);
  }

  return (
    <form className="card" onSubmit={onSubmit} noValidate aria-describedby={error ? 'confirm-error' : undefined}>
      {error ? (
        <div className="alert alert-error" role="alert" id="confirm-error">
          {error}
        </div>
      ) : null}
      {/* For password managers: the account whose password this is. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <div className="field">
        <label htmlFor="password">Password</label>
        <input
          id="password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          aria-describedby="password-hint"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <p className="field-hint" id="password-hint">
          The one you chose when you signed up with {email}.
        </p>
      </div>
      <button type="submit" className="button button-primary button-large" disabled={busy || !hydrated}>
        {busy ? 'Confirming…' : 'Confirm and sign in'}
      </button>
    </form>
  );
}
