'use client';
// Forgot password: one field; the answer is the same for any address (a link goes out if it has an account).
import { type FormEvent, useState } from 'react';
import { useApiMutation } from '@/components/hooks/use-api-mutation';
import { useHydrated } from '@/components/hooks/use-hydrated';
import { ErrorAlert } from '@/components/ui/error-alert';
import { fetchJson } from '@/lib/web/fetch-json';

export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const hydrated = useHydrated();
  const send = useApiMutation(() => fetchJson<{ message: string }>('/api/account/password-reset', { method: 'POST', body: { email } }));

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
        <p className="muted small">No mail after a few minutes? Check the spam folder, or ask again.</p>
      </div>
    );
  }
  return (
    <form className="card" onSubmit={onSubmit} noValidate aria-describedby={send.error ? 'forgot-error' : undefined}>
      <ErrorAlert message={send.error} id="forgot-error" />
      <div className="field">
        <label htmlFor="email">Email</label>
        <input id="email" name="email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
      </div>
      <button type="submit" className="button button-primary button-large" disabled={send.busy || !hydrated}>
        {send.busy ? 'Sending…' : 'Send me a link'}
      </button>
    </form>
  );
}
