'use client';
// The sign-up link's page: the password chosen at sign-up confirms the address and signs in (next-auth
// credentials with the link's token: lib/auth/options.ts), then on to the dashboard.
import { useRouter } from 'next/navigation';
import { signIn } from 'next-auth/react';
import { type FormEvent, useState } from 'react';
import { type MutationOutcome, useApiMutation } from '@/components/hooks/use-api-mutation';
import { useHydrated } from '@/components/hooks/use-hydrated';
import { ErrorAlert } from '@/components/ui/error-alert';

async function confirmWith(token: string, password: string): Promise<MutationOutcome<null>> {
  const result = await signIn('credentials', { token, password, redirect: false });
  return result?.ok ? { ok: true, data: null } : { ok: false, message: result?.error || 'Confirming failed; try again.' };
}

export function ConfirmAddressForm({ token, email }: { token: string; email: string }) {
  const router = useRouter();
  const [password, setPassword] = useState('');
  // Success goes on to the dashboard: the button stays busy until it has.
  const confirm = useApiMutation(confirmWith, { leavesPage: true });
  const hydrated = useHydrated();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!(await confirm.run(token, password))?.ok) return;
    router.push('/dashboard');
    router.refresh();
  }

  return (
    <form className="card" onSubmit={onSubmit} noValidate aria-describedby={confirm.error ? 'confirm-error' : undefined}>
      <ErrorAlert message={confirm.error} id="confirm-error" />
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
      <button type="submit" className="button button-primary button-large" disabled={confirm.busy || !hydrated}>
        {confirm.busy ? 'Confirming…' : 'Confirm and sign in'}
      </button>
    </form>
  );
}
