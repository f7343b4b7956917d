'use client';
// One operation's example request as curl, JavaScript (fetch) and Python (requests), in tabs; all
// three made from the same SampleRequest (lib/web/code-samples.ts) with this site's own origin.
import { useEffect, useId, useState } from 'react';
import { SAMPLE_LANGUAGES, sampleCode, type SampleLanguage, type SampleRequest } from '@/lib/web/code-samples';
import { CodeBlock } from './code-block';

const FALLBACK_ORIGIN = 'https://your-yamljson-host';

export function CodeSamples({ request, title }: { request: SampleRequest; title: string }) {
  const [language, setLanguage] = useState<SampleLanguage>('curl');
  const [origin, setOrigin] = useState(FALLBACK_ORIGIN);
  const id = useId();
  useEffect(() => setOrigin(window.location.origin), []);
  return (
    <div className="code-samples" data-testid="code-samples">
      <div role="tablist" aria-label={`${title}: example in`} className="code-tabs">
        {SAMPLE_LANGUAGES.map((l) => (
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
              const i = SAMPLE_LANGUAGES.findIndex((x) => x.id === language);
              const next = SAMPLE_LANGUAGES[(i + (e.key === 'ArrowRight' ? 1 : SAMPLE_LANGUAGES.length - 1)) % SAMPLE_LANGUAGES.length]!;
              setLanguage(next.id);
              document.getElementById(`${id}-${next.id}-tab`)?.focus();
            }}
          >
            {l.label}
          </button>
        ))}
      </div>
      {SAMPLE_LANGUAGES.map((l) => (
        <div key={l.id} role="tabpanel" id={`${id}-${l.id}`} aria-labelledby={`${id}-${l.id}-tab`} hidden={language !== l.id}>
          <CodeBlock text={sampleCode(l.id, origin, request)} label={`${title} as ${l.label}`} />
        </div>
      ))}
    </div>
  );
}
