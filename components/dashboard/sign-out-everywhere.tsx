'use client';
// "Sign out everywhere": ends every session of the account (other browsers and devices, and this
// one) on the server, then signs this browser out.
import { signOut } from 'next-auth/react';
import { useState } from 'react';
import { useApiMutation } from '@/components/hooks/use-api-mutation';
import { Dialog } from '@/components/ui/dialog';
import { ErrorAlert } from '@/components/ui/error-alert';
import { fetchJson } from '@/lib/web/fetch-json';

const endSessions = () => fetchJson<{ ended: number }>('/api/dashboard/sessions', { method: 'DELETE' });

export function SignOutEverywhere() {
  const [open, setOpen] = useState(false);
  // Success signs this browser out and leaves: the buttons stay off until then.
  const ending = useApiMutation(endSessions, { leavesPage: true });
  const busy = ending.busy;

  async function endAll() {
    if ((await ending.run())?.ok) await signOut({ callbackUrl: '/signin' });
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
        <ErrorAlert message={ending.error} />
      </Dialog>
    </>
  );
}
