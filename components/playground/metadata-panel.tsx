'use client';
// The conversion's metadata, as the API reports it, plus the round trip through the worker and the warnings.
import type { ConverterRun } from '@/lib/web/converter-client';
import { sizeLabel } from '@/lib/web/input-size';

interface Props {
  result: ConverterRun | null;
  warnings: string[];
  /** The plans' input limits: sizes near one are shown in exact bytes. */
  planLimits: readonly number[];
}

export function MetadataPanel({ result, warnings, planLimits }: Props) {
  const answer = result?.answer;
  const metadata = answer?.success && 'metadata' in answer ? answer.metadata : null;
  return (
    <section className="panel" aria-labelledby="metadata-heading">
      <h2 id="metadata-heading" className="panel-title">
        Metadata
      </h2>
      {metadata && result ? (
        <dl className="metadata" data-testid="metadata">
          <div>
            <dt>Input</dt>
            <dd>{sizeLabel(metadata.inputSize, planLimits)}</dd>
          </div>
          <div>
            <dt>Output</dt>
            <dd>{sizeLabel(metadata.outputSize, planLimits)}</dd>
          </div>
          <div>
            <dt>Converter time</dt>
            <dd>{metadata.processingMs} ms</dd>
          </div>
          <div>
            <dt>Round trip</dt>
            <dd>{Math.round(result.elapsedMs)} ms</dd>
          </div>
          <div>
            <dt>Anchors</dt>
            <dd>{metadata.anchorsCount}</dd>
          </div>
          <div>
            <dt>Comments</dt>
            <dd>{metadata.commentsCount}</dd>
          </div>
          <div>
            <dt>Documents</dt>
            <dd>{metadata.documents}</dd>
          </div>
        </dl>
      ) : (
        <p className="muted panel-empty">Shown after a successful conversion.</p>
      )}
      {warnings.length > 0 ? (
        <>
          <h3 className="panel-subtitle">Warnings</h3>
          <ul className="warnings" data-testid="warnings">
            {warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
