'use client';
// The key list: name, prefix, dates, status, and each key's actions (usage; rename and revoke while it works, delete once it does not).
import type { ApiKeyView } from '@/lib/web/dashboard-types';

interface Props {
  keys: ApiKeyView[];
  onShowUsage: (key: ApiKeyView) => void;
  onRename: (key: ApiKeyView) => void;
  onRevoke: (key: ApiKeyView) => void;
  onDelete: (key: ApiKeyView) => void;
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

const isExpired = (k: ApiKeyView, now = Date.now()) => k.expiresAt !== null && new Date(k.expiresAt).getTime() <= now;

export function KeysTable({ keys, ...actions }: Props) {
  return (
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
          {keys.map((k) => (
            <KeyRow key={k.id} apiKey={k} {...actions} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function KeyRow({ apiKey: k, onShowUsage, onRename, onRevoke, onDelete }: Omit<Props, 'keys'> & { apiKey: ApiKeyView }) {
  const expired = isExpired(k);
  const dead = k.revokedAt !== null || expired;
  return (
    <tr className={dead ? 'key-revoked' : undefined} data-key-id={k.id}>
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
            <button type="button" className="button button-small button-danger" aria-label={`Delete ${k.name}`} onClick={() => onDelete(k)}>
              Delete
            </button>
          ) : (
            <>
              <button type="button" className="button button-small" aria-label={`Rename ${k.name}`} onClick={() => onRename(k)}>
                Rename
              </button>
              <button type="button" className="button button-small button-danger" aria-label={`Revoke ${k.name}`} onClick={() => onRevoke(k)}>
                Revoke
              </button>
            </>
          )}
        </div>
      </td>
    </tr>
  );
}
