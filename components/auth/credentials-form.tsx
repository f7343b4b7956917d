'use client';
// The email + password form that sign-in and sign-up share: fields, the error alert, the busy button, and on
// success the way to the callback URL. Each page says what submitting does and how its fields read.
import { useRouter } from 'next/navigation';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useHydrated } from '@/components/hooks/use-hydrated';

export interface Credentials {
  email: string;
  password: string;
}

export interface CredentialsFormProps {
  /** Prefix of the alert's id (`signin-error`). */
  name: 'signin' | 'signup';
  callbackUrl: string;
  initialError?: string;
  passwordAutoComplete: 'current-password' | 'new-password';
  /** Shown under the password field, which it describes. */
  passwordHint?: ReactNode;
  submitLabel: string;
  busyLabel: string;
  /** Does the work: resolves to what the alert should say, or null to go on to `callbackUrl` (or to `onDone`). */
  submit(credentials: Credentials): Promise<ReactNode | null>;
  /** Called on success instead of going to `callbackUrl` (the page then shows something else). */
  onDone?: () => void;
}

export function CredentialsForm(props: CredentialsFormProps) {
  const { name, passwordHint } = props;
  const router = useRouter();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<ReactNode>(props.initialError ?? null);
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();
  const errorId = `${name}-error`;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const failure = await props.submit({ email, password });
    if (failure) {
      setError(failure);
      setBusy(false);
      return;
    }
    if (props.onDone) return props.onDone();
    router.push(props.callbackUrl);
    router.refresh();
  }

  return (
    <form className="card" onSubmit={onSubmit} noValidate aria-describedby={error ? errorId : undefined}>
      {error ? (
        <div className="alert alert-error" role="alert" id={errorId}>
          {error}
        </div>
      ) : null}
      <div className="field">
        <label htmlFor="email">Email</label>
        <input id="email" name="email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="password">Password</label>
        <input
          id="password"
          name="password"
          type="password"
          autoComplete={props.passwordAutoComplete}
          required
          aria-describedby={passwordHint ? 'password-hint' : undefined}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        {passwordHint ? (
          <p className="field-hint" id="password-hint">
            {passwordHint}
          </p>
        ) : null}
      </div>
      <button type="submit" className="button button-primary button-large" disabled={busy || !hydrated}>
        {busy ? props.busyLabel : props.submitLabel}
      </button>
    </form>
  );
}
