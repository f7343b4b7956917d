'use client';
// Forgot password: one field; the answer is the same for any address (a link goes out if it has an account).
import { type FormEvent, useState } from 'react';
import { useHydrated } from '@/components/hooks/use-hydrated';
import { fetchJson } from '@/lib/web/fetch-json';

export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();
  const [error, setError] = useState('');
  const [done, setDone] = useState('');

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError('');
    const result = await fetchJson<{ message: string }>('/api/account/password-reset', { method: 'POST', body: { email } });
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
        <p className="muted small">No mail after a few minutes? Check the spam folder, or ask again.</p>
      </div>
    );
  }
  return (
    <form className="card" onSubmit={onSubmit} noValidate aria-describedby={error ? 'forgot-error' : undefined}>
      {error ? (
        <div className="alert alert-error" role="alert" id="forgot-error">
          {error}
        </div>
      ) : null}
      <div className="field">
        <label htmlFor="email">Email</label>
        <input id="email" name="email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
      </div>
      <button type="submit" className="button button-primary button-large" disabled={busy || !hydrated}>
        {busy ? 'Sending…' : 'Send me a link'}
      </button>
    </form>
  );
}
