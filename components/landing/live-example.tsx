'use client';
// The landing page's live example: edit YAML, see the JSON, converted in the browser by lib/converter.
import Link from 'next/link';
import { useEffect, useRef, useState } from 'react';
import { ConverterClient } from '@/lib/web/converter-client';
import { toConversionView } from '@/lib/web/conversion-view';
import { shareUrl } from '@/lib/web/share-link';
import type { PlaygroundState } from '@/lib/web/playground-state';

const EXAMPLE = `# Key order and every digit are kept
service: checkout
replicas: 3
build: 12345678901234567890
defaults: &defaults
  retries: 3
  timeout: 30s
production:
  <<: *defaults
  timeout: 60s
country: NO
`;

export function LiveExample() {
  const [input, setInput] = useState(EXAMPLE);
  const [output, setOutput] = useState<{ text: string; failed: boolean } | null>(null);
  const [playgroundHref, setPlaygroundHref] = useState('/playground');
  const client = useRef<ConverterClient | null>(null);

  useEffect(() => {
    client.current = new ConverterClient();
    return () => client.current?.dispose();
  }, []);

  useEffect(() => {
    const state: PlaygroundState = {
      mode: 'convert',
      input,
      inputFormat: 'yaml',
      outputFormat: 'json',
      preserveComments: false,
      preserveAnchors: false,
    };
    let live = true;
    const timer = window.setTimeout(() => {
      const request = { endpoint: '/api/convert' as const, body: { input, inputType: 'yaml', outputType: 'json' } };
      client.current?.run({ kind: 'convert', request: request.body }).then((run) => {
        if (!live || !run) return;
        const view = toConversionView(request, run.answer);
        setOutput({
          text: view.isDocument
            ? view.output
            : view.problems.map((p) => (p.line ? `Line ${p.line}, column ${p.column}: ${p.message}` : p.message)).join('\n'),
          failed: !view.isDocument,
        });
      });
      shareUrl(`${window.location.origin}/playground`, state).then((url) => {
        if (live) setPlaygroundHref(url.slice(window.location.origin.length));
      });
    }, 150);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [input]);

  return (
    <div className="live-example card">
      <div className="live-example-panes">
        <div>
          <label htmlFor="live-yaml">YAML (edit me)</label>
          <textarea
            id="live-yaml"
            value={input}
            spellCheck={false}
            wrap="soft"
            autoCapitalize="off"
            autoCorrect="off"
            onChange={(e) => setInput(e.target.value)}
          />
        </div>
        <div>
          <span className="pane-label" id="live-json-label">
            JSON
          </span>
          <pre
            aria-labelledby="live-json-label"
            aria-live="polite"
            tabIndex={0}
            data-testid="live-output"
            className={output?.failed ? 'live-example-error' : undefined}
          >
            {output?.text ?? ''}
          </pre>
        </div>
      </div>
      <p className="small muted" style={{ margin: 0 }}>
        Converted in your browser by the same code the API runs. <Link href={playgroundHref}>Open this in the playground →</Link>
      </p>
    </div>
  );
}
