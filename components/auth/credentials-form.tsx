'use client';
// The email + password form that sign-in and sign-up share: fields, the error alert, the busy button, and on
// success the way to the callback URL. Each page says what submitting does and how its fields read.
import { useRouter } from 'next/navigation';
import { useState, type FormEvent, type ReactNode } from 'react';
import { type MutationOutcome, useApiMutation } from '@/components/hooks/use-api-mutation';
import { useHydrated } from '@/components/hooks/use-hydrated';
import { ErrorAlert } from '@/components/ui/error-alert';

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
  /** Does the work: a failure's message goes in the alert; on success, on to `callbackUrl` (or to `onDone`). */
  submit(credentials: Credentials): Promise<MutationOutcome<unknown>>;
  /** Called on success instead of going to `callbackUrl` (the page then shows something else). */
  onDone?: () => void;
}

export function CredentialsForm(props: CredentialsFormProps) {
  const { name, passwordHint } = props;
  const router = useRouter();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // The page's own error (a failed sign-in sent back here) shows until the form is submitted.
  const [initialError, setInitialError] = useState(props.initialError ?? '');
  // Success goes elsewhere: the button stays busy until it has.
  const submission = useApiMutation(props.submit, { leavesPage: true });
  const hydrated = useHydrated();
  const errorId = `${name}-error`;
  const error = submission.error || initialError;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setInitialError('');
    const outcome = await submission.run({ email, password });
    if (!outcome?.ok) return;
    if (props.onDone) return props.onDone();
    router.push(props.callbackUrl);
    router.refresh();
  }

  return (
    <form className="card" onSubmit={onSubmit} noValidate aria-describedby={error ? errorId : undefined}>
      <ErrorAlert message={error} id={errorId} />
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
      <button type="submit" className="button button-primary button-large" disabled={submission.busy || !hydrated}>
        {submission.busy ? props.busyLabel : props.submitLabel}
      </button>
    </form>
  );
}
