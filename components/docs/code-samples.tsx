'use client';
// One operation's example request as curl, JavaScript (fetch), Python (requests) and the TypeScript
// SDK, in tabs; all made from the same SampleRequest (lib/web/code-samples.ts) with this site's own origin.
import { useEffect, useId, useState } from 'react';
import { sampleCode, sampleLanguages, type SampleLanguage, type SampleRequest } from '@/lib/web/code-samples';
import { CodeBlock } from './code-block';

const FALLBACK_ORIGIN = 'https://your-yamljson-host';

export function CodeSamples({ request, title }: { request: SampleRequest; title: string }) {
  const [language, setLanguage] = useState<SampleLanguage>('curl');
  const [origin, setOrigin] = useState(FALLBACK_ORIGIN);
  const id = useId();
  const languages = sampleLanguages(request);
  useEffect(() => setOrigin(window.location.origin), []);
  return (
    <div className="code-samples" data-testid="code-samples">
      <div role="tablist" aria-label={`${title}: example in`} className="code-tabs">
        {languages.map((l) => (
          <button
            key={l.id}
            type="button"
            role="tab"
            id={`${id}-${l.id}-tab`}
            aria-selected={language === l.id}
            aria-controls={`${id}-${l.id}`}
            tabIndex={language === l.id ? 0 : -1}
            className="code-tab"
            onClick={() => setLanguage(l.id)}
            onKeyDown={(e) => {
              if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
              const i = languages.findIndex((x) => x.id === language);
              const next = languages[(i + (e.key === 'ArrowRight' ? 1 : languages.length - 1)) % languages.length]!;
              setLanguage(next.id);
              document.getElementById(`${id}-${next.id}-tab`)?.focus();
            }}
          >
            {l.label}
          </button>
        ))}
      </div>
      {languages.map((l) => (
        <div key={l.id} role="tabpanel" id={`${id}-${l.id}`} aria-labelledby={`${id}-${l.id}-tab`} hidden={language !== l.id}>
          <CodeBlock text={sampleCode(l.id, origin, request)} label={`${title} as ${l.label}`} />
        </div>
      ))}
    </div>
  );
}
