'use client';
// The problems the converter found; each positioned one moves the cursor to its place.
import type { Problem } from '@/lib/web/conversion-view';

interface Props {
  problems: Problem[];
  onSelect: (line: number, column: number) => void;
}

export function ProblemsList({ problems, onSelect }: Props) {
  return (
    <section className="panel" aria-labelledby="problems-heading">
      <h2 id="problems-heading" className="panel-title">
        Problems <span className={`count${problems.length ? ' count-error' : ''}`}>{problems.length}</span>
      </h2>
      {problems.length === 0 ? (
        <p className="muted panel-empty">No problems.</p>
      ) : (
        <ol className="problems" data-testid="problems">
          {problems.map((p, i) => (
            <li key={`${i}-${p.line}-${p.column}-${p.code}`}>
              {p.line !== undefined && p.column !== undefined ? (
                <button type="button" className="problem" onClick={() => onSelect(p.line!, p.column!)}>
                  <span className="problem-place">
                    Line {p.line}, column {p.column}
                  </span>
                  <span className="problem-message">{p.message}</span>
                  <code className="problem-code">{p.code}</code>
                </button>
              ) : (
                <div className="problem">
                  <span className="problem-message">{p.message}</span>
                  <code className="problem-code">{p.code}</code>
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
