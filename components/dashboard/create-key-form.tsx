'use client';
// The new key's name and expiry, next to the key list's heading. The list's section sends the request and shows its outcome.
import { type FormEvent, useState } from 'react';

/** Expiry choices at creation, in days (the server accepts up to 730). */
const EXPIRY_DAYS = [7, 30, 90, 365, 730] as const;
const expiryLabel = (days: number) => (days % 365 === 0 ? `${days / 365} year${days === 365 ? '' : 's'}` : `${days} days`);

interface Props {
  busy: boolean;
  /** Creates the key; resolves to whether it was created (the fields then empty). */
  onCreate: (name: string, expiresAt: string | null) => Promise<boolean>;
}

export function CreateKeyForm({ busy, onCreate }: Props) {
  const [name, setName] = useState('');
  const [expiry, setExpiry] = useState('never');

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const days = expiry === 'never' ? null : Number(expiry);
    const expiresAt = days === null ? null : new Date(Date.now() + days * 86_400_000).toISOString();
    if (!(await onCreate(name.trim() || 'API key', expiresAt))) return;
    setName('');
    setExpiry('never');
  }

  return (
    <form className="inline-form" onSubmit={submit}>
      <label htmlFor="new-key-name" className="visually-hidden">
        New key name
      </label>
      <input
        id="new-key-name"
        type="text"
        placeholder="Key name, e.g. CI pipeline"
        maxLength={64}
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      <label htmlFor="new-key-expiry" className="visually-hidden">
        Expires
      </label>
      <select id="new-key-expiry" value={expiry} onChange={(e) => setExpiry(e.target.value)}>
        <option value="never">Never expires</option>
        {EXPIRY_DAYS.map((d) => (
          <option key={d} value={String(d)}>
            Expires in {expiryLabel(d)}
          </option>
        ))}
      </select>
      <button type="submit" className="button button-primary" disabled={busy}>
        Create key
      </button>
    </form>
  );
}
