'use client';
// A code block with a button that copies exactly its text.
import { useEffect, useState } from 'react';
import { copyText } from '@/lib/web/copy-text';

export function CodeBlock({ text, label }: { text: string; label: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = window.setTimeout(() => setState('idle'), 2000);
    return () => window.clearTimeout(timer);
  }, [state]);
  return (
    <div className="code-block">
      <button
        type="button"
        className="copy-button"
        data-testid="copy-button"
        aria-label={`Copy ${label}`}
        onClick={() => copyText(text).then((ok) => setState(ok ? 'copied' : 'failed'))}
      >
        {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : 'Copy'}
      </button>
      <pre tabIndex={0}>
        <code>{text}</code>
      </pre>
    </div>
  );
}
