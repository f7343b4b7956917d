'use client';
// The new key's secret, shown this once, with a ready curl command for a first call.
import { useState } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { copyText } from '@/lib/web/copy-text';
import { shellQuote } from '@/lib/web/curl-command';
import type { ApiKeyView } from '@/lib/web/dashboard-types';

export interface CreatedKey {
  key: ApiKeyView;
  secret: string;
}

/** A first call with the new key: a small YAML document converted to JSON. */
export function firstCallCommand(origin: string, secret: string): string {
  return [
    `curl -s ${shellQuote(`${origin}/api/convert`)}`,
    `  -H ${shellQuote(`Authorization: Bearer ${secret}`)}`,
    `  -H 'Content-Type: application/json'`,
    `  --data-binary ${shellQuote(JSON.stringify({ input: 'hello: world\n', inputType: 'yaml', outputType: 'json' }))}`,
  ].join(' \\\n');
}

export function CreatedKeyDialog({ created, onClose }: { created: CreatedKey | null; onClose: () => void }) {
  return (
    <Dialog
      open={created !== null}
      title="Your new API key"
      onClose={onClose}
      actions={
        <button type="button" className="button button-primary" onClick={onClose}>
          I have saved it
        </button>
      }
    >
      {created ? <NewKeySecret created={created} /> : null}
    </Dialog>
  );
}

/** The dialog's body; mounted each time the dialog opens, so "Copied" starts over for each new key. */
function NewKeySecret({ created }: { created: CreatedKey }) {
  const [copied, setCopied] = useState(false);
  const [copiedCommand, setCopiedCommand] = useState(false);
  const command = firstCallCommand(window.location.origin, created.secret);
  return (
    <>
      <p className="alert alert-warning" style={{ marginBottom: 0 }}>
        This is the only time the key is shown. Copy it now and keep it somewhere safe.
      </p>
      <div className="secret">
        <code data-testid="new-key-secret">{created.secret}</code>
        <button type="button" className="button" onClick={async () => setCopied(await copyText(created.secret))}>
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
      <p className="small muted" role="status">
        {copied ? 'Copied to the clipboard.' : `Send it as Authorization: Bearer ${created.key.prefix}…`}
      </p>
      {created.key.expiresAt ? (
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
    </>
  );
}
