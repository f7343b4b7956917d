'use client';
// The curl command for the playground's current request.
import { useEffect, useState } from 'react';
import { useApiKeyPlaceholder } from '@/components/hooks/use-api-key-placeholder';
import { buildCurlCommand } from '@/lib/web/curl-command';
import { copyText } from '@/lib/web/copy-text';
import type { PlaygroundRequest } from '@/lib/web/playground-state';

interface Props {
  request: PlaygroundRequest;
  onCopied: (message: string) => void;
  /** The input is over the plan's limit: what the API would answer (shown over the command). */
  sizeWarning: string | null;
}

export function CurlPanel({ request, onCopied, sizeWarning }: Props) {
  const apiKey = useApiKeyPlaceholder();
  const [origin, setOrigin] = useState('');
  useEffect(() => setOrigin(window.location.origin), []);
  const command = buildCurlCommand(origin, request, apiKey);
  const keyHint = apiKey.endsWith('...')
    ? `Replace ${apiKey} with the whole key (it was shown once, when you created it).`
    : 'Replace YOUR_API_KEY with a key from your dashboard.';
  return (
    <section className="panel panel-wide" aria-labelledby="curl-heading">
      <div className="panel-title-row">
        <h2 id="curl-heading" className="panel-title">
          The same request with curl
        </h2>
        <button
          type="button"
          className="button button-small"
          onClick={async () => onCopied((await copyText(command)) ? 'curl command copied' : 'The browser refused to copy')}
        >
          Copy command
        </button>
      </div>
      {sizeWarning ? (
        <p className="size-warning" data-testid="size-warning">
          {sizeWarning}
        </p>
      ) : null}
      <pre className="curl" data-testid="curl-command" tabIndex={0} aria-label="curl command">
        <code>{command}</code>
      </pre>
      <p className="muted small">{keyHint}</p>
    </section>
  );
}
