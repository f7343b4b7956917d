'use client';
// The dialogs a key's actions open: rename, revoke and delete (both after confirmation). Each sends its own request
// and shows its failure inside the dialog; closing forgets it, so the dialog opens clean next time.
import { type FormEvent, type ReactNode, useState } from 'react';
import { type MutationOutcome, useApiMutation } from '@/components/hooks/use-api-mutation';
import { Dialog } from '@/components/ui/dialog';
import { ErrorAlert } from '@/components/ui/error-alert';
import type { ApiKeyView } from '@/lib/web/dashboard-types';
import { fetchJson } from '@/lib/web/fetch-json';

const keyPath = (key: ApiKeyView) => `/api/dashboard/keys/${encodeURIComponent(key.id)}`;

interface Props {
  /** The key the dialog is open for, or null when it is closed. */
  apiKey: ApiKeyView | null;
  onClose: () => void;
}

export function RenameKeyDialog({ apiKey, onClose, onRenamed }: Props & { onRenamed: (key: ApiKeyView) => void }) {
  const rename = useApiMutation((key: ApiKeyView, name: string) => fetchJson<{ key: ApiKeyView }>(keyPath(key), { method: 'PATCH', body: { name } }));
  function close() {
    rename.reset();
    onClose();
  }
  async function save(name: string) {
    if (!apiKey) return;
    const outcome = await rename.run(apiKey, name);
    if (!outcome?.ok) return;
    close();
    onRenamed(outcome.data.key);
  }
  return (
    <Dialog
      open={apiKey !== null}
      title="Rename key"
      onClose={close}
      actions={
        <>
          <button type="button" className="button" onClick={close}>
            Cancel
          </button>
          <button type="submit" form="rename-form" className="button button-primary" disabled={rename.busy}>
            Save
          </button>
        </>
      }
    >
      {apiKey ? <RenameForm initialName={apiKey.name} error={rename.error} onSave={save} /> : null}
    </Dialog>
  );
}

/** Mounted each time the dialog opens: the field starts with the key's name. */
function RenameForm({ initialName, error, onSave }: { initialName: string; error: string; onSave: (name: string) => void }) {
  const [name, setName] = useState(initialName);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSave(name);
  }
  return (
    <form id="rename-form" onSubmit={submit}>
      <ErrorAlert message={error} />
      <div className="field" style={{ marginBottom: 0 }}>
        <label htmlFor="rename-input">Name</label>
        <input id="rename-input" type="text" maxLength={64} value={name} onChange={(e) => setName(e.target.value)} />
      </div>
    </form>
  );
}

export function RevokeKeyDialog({ apiKey, onClose, onRevoked }: Props & { onRevoked: (key: ApiKeyView) => void }) {
  const revoke = (key: ApiKeyView) => fetchJson<{ key: ApiKeyView }>(`${keyPath(key)}/revoke`, { method: 'POST' });
  return (
    <ConfirmKeyDialog
      apiKey={apiKey}
      onClose={onClose}
      title="Revoke this key?"
      confirm="Revoke key"
      request={revoke}
      onDone={(_, r) => onRevoked(r.key)}
    >
      <strong>{apiKey?.name}</strong> (<code>{apiKey?.prefix}…</code>) will stop working at once: every request made with it answers <code>401</code>.
      This cannot be undone.
    </ConfirmKeyDialog>
  );
}

export function DeleteKeyDialog({ apiKey, onClose, onDeleted }: Props & { onDeleted: (key: ApiKeyView) => void }) {
  const remove = (key: ApiKeyView) => fetchJson<{ deleted: string }>(keyPath(key), { method: 'DELETE' });
  return (
    <ConfirmKeyDialog apiKey={apiKey} onClose={onClose} title="Delete this key?" confirm="Delete key" request={remove} onDone={onDeleted}>
      <strong>{apiKey?.name}</strong> (<code>{apiKey?.prefix}…</code>) leaves the list with its usage history. Its requests stay in the request log.
    </ConfirmKeyDialog>
  );
}

/** Asks before a step that cannot be undone (revoking or deleting a key); the danger button takes it. */
function ConfirmKeyDialog<T>(
  props: Props & {
    title: string;
    confirm: string;
    request: (key: ApiKeyView) => Promise<MutationOutcome<T>>;
    onDone: (key: ApiKeyView, answer: T) => void;
    children: ReactNode;
  },
) {
  const { apiKey, onDone } = props;
  const step = useApiMutation(props.request);
  function close() {
    step.reset();
    props.onClose();
  }
  async function confirm() {
    if (!apiKey) return;
    const outcome = await step.run(apiKey);
    if (!outcome?.ok) return;
    close();
    onDone(apiKey, outcome.data);
  }
  return (
    <Dialog
      open={apiKey !== null}
      title={props.title}
      onClose={close}
      actions={
        <>
          <button type="button" className="button" onClick={close}>
            Cancel
          </button>
          <button type="button" className="button button-danger-solid" onClick={confirm} disabled={step.busy}>
            {props.confirm}
          </button>
        </>
      }
    >
      <ErrorAlert message={step.error} />
      <p>{props.children}</p>
    </Dialog>
  );
}
