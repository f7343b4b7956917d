'use client';
// "Sign out everywhere": ends every session of the account (other browsers and devices, and this
// one) on the server, then signs this browser out.
import { signOut } from 'next-auth/react';
import { useState } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { fetchJson } from '@/lib/web/fetch-json';

export function SignOutEverywhere() {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  async function endAll() {
    setBusy(true);
    setError('');
    const result = await fetchJson<{ ended: number }>('/api/dashboard/sessions', { method: 'DELETE' });
    if (!result.ok) {
      setBusy(false);
      setError(result.message);
      return;
    }
    await signOut({ callbackUrl: '/signin' });
  }

  return (
    <>
      <button type="button" className="button button-small" onClick={() => setOpen(true)}>
        Sign out everywhere
      </button>
      <Dialog
        open={open}
        title="Sign out everywhere?"
        onClose={() => !busy && setOpen(false)}
        actions={
          <>
            <button type="button" className="button" onClick={() => setOpen(false)} disabled={busy}>
              Cancel
            </button>
            <button type="button" className="button button-danger-solid" onClick={endAll} disabled={busy}>
              {busy ? 'Signing out…' : 'Sign out everywhere'}
            </button>
          </>
        }
      >
        <p>Every browser and device signed in to this account is signed out, this one too. Your API keys keep working: revoke a key to stop it.</p>
        {error ? (
          <p className="alert alert-error" role="alert">
            {error}
          </p>
        ) : null}
      </Dialog>
    </>
  );
}
