'use client';
// Validate only: the JSON Schema the input is checked against (pasted, or one of the project's samples).
// Its violations come back as the other problems do: editor markers and list entries at their places.
import { useEffect, useRef, useState } from 'react';
import { SCHEMA_SAMPLES } from '@/lib/web/schema-samples';

interface Props {
  schema: string;
  onChange: (schema: string) => void;
}

/** Typing in the schema waits this long before the check runs again (a half-typed schema is a 400). */
const SCHEMA_DEBOUNCE_MS = 300;

export function SchemaPane({ schema, onChange }: Props) {
  const [text, setText] = useState(schema);
  const timer = useRef<number | undefined>(undefined);
  // A new state from outside (share link, sample document) shows its schema.
  useEffect(() => setText(schema), [schema]);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const set = (next: string, now: boolean) => {
    setText(next);
    window.clearTimeout(timer.current);
    if (now) onChange(next);
    else timer.current = window.setTimeout(() => onChange(next), SCHEMA_DEBOUNCE_MS);
  };

  return (
    <section className="panel schema-pane" aria-labelledby="schema-heading">
      <header className="pane-header">
        <h2 id="schema-heading" className="panel-title">
          JSON Schema <span className="muted">(draft 2020-12 or draft-07, JSON or YAML; optional)</span>
        </h2>
        <div className="pane-actions">
          <select
            className="select-small"
            aria-label="Load a sample schema"
            value=""
            onChange={(e) => {
              const sample = SCHEMA_SAMPLES.find((s) => s.id === e.target.value);
              if (sample) set(sample.text, true);
            }}
          >
            <option value="" disabled>
              Sample schemas…
            </option>
            {SCHEMA_SAMPLES.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
          <button type="button" className="button button-small" onClick={() => set('', true)} disabled={text === ''}>
            Clear
          </button>
        </div>
      </header>
      <textarea
        className="schema-text"
        aria-label="JSON Schema"
        spellCheck={false}
        rows={10}
        placeholder='{"type": "object", "required": ["name"]}'
        value={text}
        onChange={(e) => set(e.target.value, false)}
      />
    </section>
  );
}
