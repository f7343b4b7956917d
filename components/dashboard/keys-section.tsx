'use client';
// API keys: create (optionally expiring; the secret is shown once, with a ready curl command), copy, rename,
// revoke (after confirmation), delete a revoked or expired key, and open a key's usage.
import { useState } from 'react';
import { useApiMutation } from '@/components/hooks/use-api-mutation';
import { ErrorAlert } from '@/components/ui/error-alert';
import type { ApiKeyView } from '@/lib/web/dashboard-types';
import { fetchJson } from '@/lib/web/fetch-json';
import { CreateKeyForm } from './create-key-form';
import { type CreatedKey, CreatedKeyDialog } from './created-key-dialog';
import { DeleteKeyDialog, RenameKeyDialog, RevokeKeyDialog } from './key-dialogs';
import { KeysTable } from './keys-table';

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

const createKey = (name: string, expiresAt: string | null) =>
  fetchJson<CreatedKey>('/api/dashboard/keys', { method: 'POST', body: { name, expiresAt } });

export function KeysSection({ keys, error, onChanged, onDeleted, onShowUsage, hasMore, loadingMore, onLoadMore }: Props) {
  const create = useApiMutation(createKey);
  /** What the last rename, revoke or delete did. */
  const [done, setDone] = useState('');
  const [renaming, setRenaming] = useState<ApiKeyView | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyView | null>(null);
  const [deleting, setDeleting] = useState<ApiKeyView | null>(null);

  async function onCreate(name: string, expiresAt: string | null): Promise<boolean> {
    setDone('');
    const outcome = await create.run(name, expiresAt);
    if (outcome?.ok) onChanged(outcome.data.key);
    return outcome?.ok ?? false;
  }

  return (
    <section className="card" aria-labelledby="keys-heading">
      <div className="section-head">
        <h2 id="keys-heading">API keys</h2>
        <CreateKeyForm busy={create.busy} onCreate={onCreate} />
      </div>
      <ErrorAlert message={error} />
      <ErrorAlert message={create.error} />
      <div role="status" aria-live="polite">
        {done ? <p className="alert alert-success">{done}</p> : null}
      </div>
      {keys === null ? (
        !error ? (
          <p className="muted">Loading…</p>
        ) : null
      ) : keys.length === 0 ? (
        <p className="muted">No keys yet. Create one to call the API.</p>
      ) : (
        <KeysTable keys={keys} onShowUsage={onShowUsage} onRename={setRenaming} onRevoke={setRevoking} onDelete={setDeleting} />
      )}
      {keys !== null && hasMore ? (
        <p className="load-more">
          <button type="button" className="button" onClick={() => void onLoadMore()} disabled={loadingMore}>
            {loadingMore ? 'Loading…' : 'Load more'}
          </button>
        </p>
      ) : null}

      <CreatedKeyDialog created={create.data} onClose={create.reset} />
      <RenameKeyDialog
        apiKey={renaming}
        onClose={() => setRenaming(null)}
        onRenamed={(key) => {
          setDone(`Renamed to “${key.name}”.`);
          onChanged(key);
        }}
      />
      <RevokeKeyDialog
        apiKey={revoking}
        onClose={() => setRevoking(null)}
        onRevoked={(key) => {
          setDone(`Key “${key.name}” revoked: it no longer works.`);
          onChanged(key);
        }}
      />
      <DeleteKeyDialog
        apiKey={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(key) => {
          setDone(`Key “${key.name}” deleted.`);
          onDeleted(key.id);
        }}
      />
    </section>
  );
}
