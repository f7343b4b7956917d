'use client';
// API keys: create (optionally expiring; the secret is shown once, with a ready curl command), copy, rename,
// revoke (after confirmation), delete a revoked or expired key, and open a key's usage.
import { useState, type FormEvent, type ReactNode } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { copyText } from '@/lib/web/copy-text';
import { shellQuote } from '@/lib/web/curl-command';
import type { ApiKeyView } from '@/lib/web/dashboard-types';
import { fetchJson } from '@/lib/web/fetch-json';

interface Props {
  keys: ApiKeyView[] | null;
  error: string;
  /** A key was created, renamed or revoked: the list shows it at once. */
  onChanged: (key: ApiKeyView) => void;
  /** A key was deleted: it leaves the list. */
  onDeleted: (id: string) => void;
  /** "Usage" of a key: its chart and tables open below. */
  onShowUsage: (key: ApiKeyView) => void;
  /** More keys than the pages loaded so far (the list comes 100 keys a page). */
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => Promise<void>;
}

/** The day in the table (it stays narrow enough for the actions on one line); the time on hover. */
function When({ iso }: { iso: string | null }) {
  if (!iso) return <>Never</>;
  const date = new Date(iso);
  return (
    <time dateTime={iso} title={date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}>
      {date.toLocaleDateString(undefined, { dateStyle: 'medium' })}
    </time>
  );
}

/** Expiry choices at creation, in days (the server accepts up to 730). */
const EXPIRY_DAYS = [7, 30, 90, 365, 730] as const;
const expiryLabel = (days: number) => (days % 365 === 0 ? `${days / 365} year${days === 365 ? '' : 's'}` : `${days} days`);

const isExpired = (k: ApiKeyView, now = Date.now()) => k.expiresAt !== null && new Date(k.expiresAt).getTime() <= now;

/** A first call with the new key: a small YAML document converted to JSON. */
export function firstCallCommand(origin: string, secret: string): string {
  return [
    `curl -s ${shellQuote(`${origin}/api/convert`)}`,
    `  -H ${shellQuote(`Authorization: Bearer ${secret}`)}`,
    `  -H 'Content-Type: application/json'`,
    `  --data-binary ${shellQuote(JSON.stringify({ input: 'hello: world\n', inputType: 'yaml', outputType: 'json' }))}`,
  ].join(' \\\n');
}

export function KeysSection({ keys, error, onChanged, onDeleted, onShowUsage, hasMore, loadingMore, onLoadMore }: Props) {
  const [name, setName] = useState('');
  const [expiry, setExpiry] = useState('never');
  const [copiedCommand, setCopiedCommand] = useState(false);
  const [deleting, setDeleting] = useState<ApiKeyView | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [created, setCreated] = useState<{ key: ApiKeyView; secret: string } | null>(null);
  const [copied, setCopied] = useState(false);
  const [renaming, setRenaming] = useState<ApiKeyView | null>(null);
  const [newName, setNewName] = useState('');
  const [revoking, setRevoking] = useState<ApiKeyView | null>(null);
  const [dialogError, setDialogError] = useState('');

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    const days = expiry === 'never' ? null : Number(expiry);
    const result = await fetchJson<{ key: ApiKeyView; secret: string }>('/api/dashboard/keys', {
      method: 'POST',
      body: { name: name.trim() || 'API key', expiresAt: days === null ? null : new Date(Date.now() + days * 86_400_000).toISOString() },
    });
    setBusy(false);
    if (!result.ok) {
      setMessage({ kind: 'error', text: result.message });
      return;
    }
    setName('');
    setExpiry('never');
    setCopied(false);
    setCopiedCommand(false);
    setCreated(result.data);
    onChanged(result.data.key);
  }

  async function rename(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!renaming) return;
    setBusy(true);
    const result = await fetchJson<{ key: ApiKeyView }>(`/api/dashboard/keys/${encodeURIComponent(renaming.id)}`, {
      method: 'PATCH',
      body: { name: newName },
    });
    setBusy(false);
    if (!result.ok) {
      setDialogError(result.message);
      return;
    }
    setRenaming(null);
    setMessage({ kind: 'success', text: `Renamed to “${result.data.key.name}”.` });
    onChanged(result.data.key);
  }

  async function revoke() {
    if (!revoking) return;
    setBusy(true);
    const result = await fetchJson<{ key: ApiKeyView }>(`/api/dashboard/keys/${encodeURIComponent(revoking.id)}/revoke`, {
      method: 'POST',
    });
    setBusy(false);
    if (!result.ok) {
      setDialogError(result.message);
      return;
    }
    setRevoking(null);
    setMessage({ kind: 'success', text: `Key “${result.data.key.name}” revoked: it no longer works.` });
    onChanged(result.data.key);
  }

  async function remove() {
    if (!deleting) return;
    setBusy(true);
    const result = await fetchJson<{ deleted: string }>(`/api/dashboard/keys/${encodeURIComponent(deleting.id)}`, { method: 'DELETE' });
    setBusy(false);
    if (!result.ok) {
      setDialogError(result.message);
      return;
    }
    setDeleting(null);
    setMessage({ kind: 'success', text: `Key “${deleting.name}” deleted.` });
    onDeleted(deleting.id);
  }

  const command = created ? firstCallCommand(typeof window === 'undefined' ? '' : window.location.origin, created.secret) : '';

  return (
    <section className="card" aria-labelledby="keys-heading">
      <div className="section-head">
        <h2 id="keys-heading">API keys</h2>
        <form className="inline-form" onSubmit={create}>
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
      </div>
      {error ? (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      ) : null}
      <div role="status" aria-live="polite">
        {message ? <p className={`alert alert-${message.kind}`}>{message.text}</p> : null}
      </div>
      {keys === null ? (
        !error ? (
          <p className="muted">Loading…</p>
        ) : null
      ) : keys.length === 0 ? (
        <p className="muted">No keys yet. Create one to call the API.</p>
      ) : (
        <div className="table-wrap" tabIndex={0} role="region" aria-label="API keys">
          <table className="table keys-table" data-testid="keys-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Key</th>
                <th scope="col">Created</th>
                <th scope="col">Last used</th>
                <th scope="col">Expires</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {keys.map((k) => {
                const expired = isExpired(k);
                const dead = k.revokedAt !== null || expired;
                return (
                  <tr key={k.id} className={dead ? 'key-revoked' : undefined} data-key-id={k.id}>
                    <td className="key-name">{k.name}</td>
                    <td data-label="Key">
                      <code className="key-prefix">{k.prefix}…</code>
                    </td>
                    <td data-label="Created" className="key-date">
                      <span>
                        <When iso={k.createdAt} />
                      </span>
                    </td>
                    <td data-label="Last used" className="key-date">
                      <span>
                        <When iso={k.lastUsedAt} />
                      </span>
                    </td>
                    <td data-label="Expires" className="key-date">
                      <span>
                        <When iso={k.expiresAt} />
                      </span>
                    </td>
                    <td className="key-status">
                      {k.revokedAt ? (
                        <span className="badge badge-danger">Revoked</span>
                      ) : expired ? (
                        <span className="badge badge-danger">Expired</span>
                      ) : (
                        <span className="badge badge-success">Active</span>
                      )}
                    </td>
                    <td className="key-actions-cell">
                      <div className="key-actions">
                        <button type="button" className="button button-small" aria-label={`Usage of ${k.name}`} onClick={() => onShowUsage(k)}>
                          Usage
                        </button>
                        {dead ? (
                          <button
                            type="button"
                            className="button button-small button-danger"
                            aria-label={`Delete ${k.name}`}
                            onClick={() => {
                              setDialogError('');
                              setDeleting(k);
                            }}
                          >
                            Delete
                          </button>
                        ) : (
                          <>
                            <button
                              type="button"
                              className="button button-small"
                              aria-label={`Rename ${k.name}`}
                              onClick={() => {
                                setDialogError('');
                                setNewName(k.name);
                                setRenaming(k);
                              }}
                            >
                              Rename
                            </button>
                            <button
                              type="button"
                              className="button button-small button-danger"
                              aria-label={`Revoke ${k.name}`}
                              onClick={() => {
                                setDialogError('');
                                setRevoking(k);
                              }}
                            >
                              Revoke
                            </button>
                          </>
                        )}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {keys !== null && hasMore ? (
        <p className="load-more">
          <button type="button" className="button" onClick={() => void onLoadMore()} disabled={loadingMore}>
            {loadingMore ? 'Loading…' : 'Load more'}
          </button>
        </p>
      ) : null}

      <Dialog
        open={created !== null}
        title="Your new API key"
        onClose={() => setCreated(null)}
        actions={
          <button type="button" className="button button-primary" onClick={() => setCreated(null)}>
            I have saved it
          </button>
        }
      >
        <p className="alert alert-warning" style={{ marginBottom: 0 }}>
          This is the only time the key is shown. Copy it now and keep it somewhere safe.
        </p>
        <div className="secret">
          <code data-testid="new-key-secret">{created?.secret}</code>
          <button type="button" className="button" onClick={async () => setCopied(await copyText(created?.secret ?? ''))}>
            {copied ? 'Copied' : 'Copy'}
          </button>
        </div>
        <p className="small muted" role="status">
          {copied ? 'Copied to the clipboard.' : `Send it as Authorization: Bearer ${created?.key.prefix ?? 'yj_'}…`}
        </p>
        {created?.key.expiresAt ? (
          <p className="small" data-testid="new-key-expiry">
            It stops working on {new Date(created.key.expiresAt).toISOString().slice(0, 16).replace('T', ' ')} UTC.
          </p>
        ) : null}
        <p className="small" style={{ marginBottom: '0.25rem' }}>
          Try it now:
        </p>
        <pre className="curl-command" data-testid="new-key-curl">
          {command}
        </pre>
        <p style={{ margin: '0.5rem 0 0' }}>
          <button type="button" className="button" onClick={async () => setCopiedCommand(await copyText(command))}>
            {copiedCommand ? 'Command copied' : 'Copy command'}
          </button>
        </p>
      </Dialog>

      <ConfirmDialog
        open={deleting !== null}
        title="Delete this key?"
        confirm="Delete key"
        onCancel={() => setDeleting(null)}
        onConfirm={remove}
        busy={busy}
        error={dialogError}
      >
        <strong>{deleting?.name}</strong> (<code>{deleting?.prefix}…</code>) leaves the list with its usage history. Its requests stay in the request
        log.
      </ConfirmDialog>

      <Dialog
        open={renaming !== null}
        title="Rename key"
        onClose={() => setRenaming(null)}
        actions={
          <>
            <button type="button" className="button" onClick={() => setRenaming(null)}>
              Cancel
            </button>
            <button type="submit" form="rename-form" className="button button-primary" disabled={busy}>
              Save
            </button>
          </>
        }
      >
        <form id="rename-form" onSubmit={rename}>
          {dialogError ? (
            <p className="alert alert-error" role="alert">
              {dialogError}
            </p>
          ) : null}
          <div className="field" style={{ marginBottom: 0 }}>
            <label htmlFor="rename-input">Name</label>
            <input id="rename-input" type="text" maxLength={64} value={newName} onChange={(e) => setNewName(e.target.value)} />
          </div>
        </form>
      </Dialog>

      <ConfirmDialog
        open={revoking !== null}
        title="Revoke this key?"
        confirm="Revoke key"
        onCancel={() => setRevoking(null)}
        onConfirm={revoke}
        busy={busy}
        error={dialogError}
      >
        <strong>{revoking?.name}</strong> (<code>{revoking?.prefix}…</code>) will stop working at once: every request made with it answers{' '}
        <code>401</code>. This cannot be undone.
      </ConfirmDialog>
    </section>
  );
}

/** Asks before a step that cannot be undone (revoking or deleting a key); the danger button takes it. */
function ConfirmDialog(props: {
  open: boolean;
  title: string;
  confirm: string;
  onCancel: () => void;
  onConfirm: () => void;
  busy: boolean;
  error: string;
  children: ReactNode;
}) {
  return (
    <Dialog
      open={props.open}
      title={props.title}
      onClose={props.onCancel}
      actions={
        <>
          <button type="button" className="button" onClick={props.onCancel}>
            Cancel
          </button>
          <button type="button" className="button button-danger-solid" onClick={props.onConfirm} disabled={props.busy}>
            {props.confirm}
          </button>
        </>
      }
    >
      {props.error ? (
        <p className="alert alert-error" role="alert">
          {props.error}
        </p>
      ) : null}
      <p>{props.children}</p>
    </Dialog>
  );
}
