'use client';
// The account page: change password (the current one required; other browsers are signed out),
// change email (a link goes to the new address; the address changes when it is opened), and delete
// the account (the password required; keys stop at once).
import { signOut } from 'next-auth/react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useHydrated } from '@/components/hooks/use-hydrated';
import { Dialog } from '@/components/ui/dialog';
import { fetchJson } from '@/lib/web/fetch-json';

type Note = { ok: boolean; text: string } | null;

function NoteLine({ note }: { note: Note }) {
  if (!note) return null;
  return (
    <p className={`alert ${note.ok ? 'alert-success' : 'alert-error'}`} role={note.ok ? 'status' : 'alert'}>
      {note.text}
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
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();
  const [note, setNote] = useState<Note>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setNote(null);
    const result = await fetchJson<{ message: string }>('/api/dashboard/account/password', {
      method: 'PUT',
      body: { currentPassword: current, newPassword: next },
    });
    setBusy(false);
    setNote(result.ok ? { ok: true, text: result.data.message } : { ok: false, text: result.message });
    if (result.ok) {
      setCurrent('');
      setNext('');
    }
  }

  return (
    <section className="card" aria-labelledby="password-title">
      <h2 id="password-title">Password</h2>
      <form onSubmit={onSubmit} noValidate>
        <NoteLine note={note} />
        <PasswordField id="current-password" label="Current password" value={current} onChange={setCurrent} autoComplete="current-password" />
        <PasswordField
          id="new-password"
          label="New password"
          value={next}
          onChange={setNext}
          autoComplete="new-password"
          hint={`At least ${minPasswordLength} characters. Other browsers signed in to the account will be signed out.`}
        />
        <button type="submit" className="button button-primary" disabled={busy || !hydrated}>
          {busy ? 'Saving…' : 'Change password'}
        </button>
      </form>
    </section>
  );
}

function ChangeEmail({ email }: { email: string }) {
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();
  const [note, setNote] = useState<Note>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setNote(null);
    const result = await fetchJson<{ message: string }>('/api/dashboard/account/email', { method: 'PUT', body: { newEmail, password } });
    setBusy(false);
    setNote(result.ok ? { ok: true, text: result.data.message } : { ok: false, text: result.message });
    if (result.ok) setPassword('');
  }

  return (
    <section className="card" aria-labelledby="email-title">
      <h2 id="email-title">Email address</h2>
      <p className="muted">
        You sign in with <strong>{email}</strong>.
      </p>
      <form onSubmit={onSubmit} noValidate>
        <NoteLine note={note} />
        <div className="field">
          <label htmlFor="new-email">New email address</label>
          <input id="new-email" type="email" autoComplete="email" required value={newEmail} onChange={(e) => setNewEmail(e.target.value)} />
        </div>
        <PasswordField id="email-password" label="Password" value={password} onChange={setPassword} autoComplete="current-password" />
        <button type="submit" className="button button-primary" disabled={busy || !hydrated}>
          {busy ? 'Sending…' : 'Send a confirmation link'}
        </button>
      </form>
    </section>
  );
}

function DeleteAccount() {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const passwordId = useId();

  async function remove() {
    setBusy(true);
    setError('');
    const result = await fetchJson<{ deleted: boolean }>('/api/dashboard/account', { method: 'DELETE', body: { password } });
    if (!result.ok) {
      setBusy(false);
      setError(result.message);
      return;
    }
    await signOut({ callbackUrl: '/?deleted=1' });
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
        {error ? (
          <p className="alert alert-error" role="alert">
            {error}
          </p>
        ) : null}
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
