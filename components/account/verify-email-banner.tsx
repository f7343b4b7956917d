'use client';
// The dashboard's banner for an account whose address is not verified yet, with "resend".
import { useState } from 'react';
import { fetchJson } from '@/lib/web/fetch-json';

export function VerifyEmailBanner({ email }: { email: string }) {
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);

  async function resend() {
    setBusy(true);
    const result = await fetchJson<{ message: string }>('/api/dashboard/account/verification', { method: 'POST' });
    setBusy(false);
    setNote(result.ok ? { ok: true, text: result.data.message } : { ok: false, text: result.message });
  }

  return (
    <div className="dashboard" style={{ paddingBottom: 0 }}>
      <section className="alert alert-warning" aria-labelledby="verify-banner-title">
        <strong id="verify-banner-title">Confirm your email address.</strong> We mailed a link to <strong>{email}</strong>. Until you open it, this
        account can use the playground and one API key on the Free plan.{' '}
        <button type="button" className="button button-small" onClick={resend} disabled={busy}>
          {busy ? 'Sending…' : 'Send the link again'}
        </button>
        {note ? (
          <span role={note.ok ? 'status' : 'alert'} className="verify-banner-note">
            {' '}
            {note.text}
          </span>
        ) : null}
      </section>
    </div>
  );
}
