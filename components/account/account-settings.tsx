'use client';
// The account page: change password (the current one required; other browsers are signed out),
// change email (a link goes to the new address; the address changes when it is opened), and delete
// the account (the password required; keys stop at once).
import { signOut } from 'next-auth/react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useApiMutation } from '@/components/hooks/use-api-mutation';
import { useHydrated } from '@/components/hooks/use-hydrated';
import { Dialog } from '@/components/ui/dialog';
import { ErrorAlert } from '@/components/ui/error-alert';
import { fetchJson } from '@/lib/web/fetch-json';

/** A change's outcome, above its form: the server's message when it worked, else the error. */
function Outcome({ done, error }: { done: string | undefined; error: string }) {
  if (error) return <ErrorAlert message={error} />;
  if (!done) return null;
  return (
    <p className="alert alert-success" role="status">
      {done}
    </p>
  );
}

function PasswordField(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: string;
  hint?: ReactNode;
}) {
  const hintId = `${props.id}-hint`;
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        type="password"
        autoComplete={props.autoComplete}
        required
        aria-describedby={props.hint ? hintId : undefined}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
      {props.hint ? (
        <p className="field-hint" id={hintId}>
          {props.hint}
        </p>
      ) : null}
    </div>
  );
}

function ChangePassword({ minPasswordLength }: { minPasswordLength: number }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const hydrated = useHydrated();
  const save = useApiMutation(() =>
    fetchJson<{ message: string }>('/api/dashboard/account/password', { method: 'PUT', body: { currentPassword: current, newPassword: next } }),
  );

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!(await save.run())?.ok) return;
    setCurrent('');
    setNext('');
  }

  return (
    <section className="card" aria-labelledby="password-title">
      <h2 id="password-title">Password</h2>
      <form onSubmit={onSubmit} noValidate>
        <Outcome done={save.data?.message} error={save.error} />
        <PasswordField id="current-password" label="Current password" value={current} onChange={setCurrent} autoComplete="current-password" />
        <PasswordField
          id="new-password"
          label="New password"
          value={next}
          onChange={setNext}
          autoComplete="new-password"
          hint={`At least ${minPasswordLength} characters. Other browsers signed in to the account will be signed out.`}
        />
        <button type="submit" className="button button-primary" disabled={save.busy || !hydrated}>
          {save.busy ? 'Saving…' : 'Change password'}
        </button>
      </form>
    </section>
  );
}

function ChangeEmail({ email }: { email: string }) {
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const hydrated = useHydrated();
  const send = useApiMutation(() => fetchJson<{ message: string }>('/api/dashboard/account/email', { method: 'PUT', body: { newEmail, password } }));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if ((await send.run())?.ok) setPassword('');
  }

  return (
    <section className="card" aria-labelledby="email-title">
      <h2 id="email-title">Email address</h2>
      <p className="muted">
        You sign in with <strong>{email}</strong>.
      </p>
      <form onSubmit={onSubmit} noValidate>
        <Outcome done={send.data?.message} error={send.error} />
        <div className="field">
          <label htmlFor="new-email">New email address</label>
          <input id="new-email" type="email" autoComplete="email" required value={newEmail} onChange={(e) => setNewEmail(e.target.value)} />
        </div>
        <PasswordField id="email-password" label="Password" value={password} onChange={setPassword} autoComplete="current-password" />
        <button type="submit" className="button button-primary" disabled={send.busy || !hydrated}>
          {send.busy ? 'Sending…' : 'Send a confirmation link'}
        </button>
      </form>
    </section>
  );
}

function DeleteAccount() {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const passwordId = useId();
  // Success signs out and leaves: the buttons stay off until then.
  const deletion = useApiMutation(() => fetchJson<{ deleted: boolean }>('/api/dashboard/account', { method: 'DELETE', body: { password } }), {
    leavesPage: true,
  });
  const busy = deletion.busy;

  async function remove() {
    if ((await deletion.run())?.ok) await signOut({ callbackUrl: '/?deleted=1' });
  }

  return (
    <section className="card" aria-labelledby="delete-title">
      <h2 id="delete-title">Delete the account</h2>
      <p className="muted">Its API keys stop working at once; its usage, keys and sessions are removed. This cannot be undone.</p>
      <button type="button" className="button button-danger" onClick={() => setOpen(true)}>
        Delete account…
      </button>
      <Dialog
        open={open}
        title="Delete your account?"
        onClose={() => !busy && setOpen(false)}
        actions={
          <>
            <button type="button" className="button" onClick={() => setOpen(false)} disabled={busy}>
              Cancel
            </button>
            <button type="button" className="button button-danger-solid" onClick={remove} disabled={busy || !password}>
              {busy ? 'Deleting…' : 'Delete for good'}
            </button>
          </>
        }
      >
        <p>Enter your password to delete the account and everything in it. A mail will confirm it.</p>
        <div className="field">
          <label htmlFor={passwordId}>Password</label>
          <input id={passwordId} type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        </div>
        <ErrorAlert message={deletion.error} />
      </Dialog>
    </section>
  );
}

export function AccountSettings({ email, minPasswordLength }: { email: string; minPasswordLength: number }) {
  return (
    <div className="dashboard">
      <div className="dashboard-head">
        <h1>Account</h1>
      </div>
      <ChangeEmail email={email} />
      <ChangePassword minPasswordLength={minPasswordLength} />
      <DeleteAccount />
    </div>
  );
}
