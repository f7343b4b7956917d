'use client';
// Validate only: what the input is checked against: nothing, a schema of the built-in catalog (a
// searchable list), the catalog schema a file name asks for (matched as editors match SchemaStore's
// fileMatch patterns), or a JSON Schema pasted in. Its violations come back as the other problems do:
// editor markers and list entries at their places; the answer names the catalog schema used.
import { useEffect, useRef, useState } from 'react';
import type { SchemaUsed } from '@/lib/schema';
import { type PlaygroundState, type SchemaSource, schemaSourceOf } from '@/lib/web/playground-state';
import { CatalogPicker } from './catalog-picker';

interface Props {
  state: PlaygroundState;
  onChange: (patch: Partial<PlaygroundState>) => void;
  /** The catalog schema the last check used (the answer's `schema`). */
  used?: SchemaUsed;
}

/** Typing in the schema or the file name waits this long before the check runs again (a half-typed schema is a 400). */
const TYPING_DEBOUNCE_MS = 300;

const SOURCES: ReadonlyArray<readonly [SchemaSource, string]> = [
  ['none', 'None'],
  ['catalog', 'Catalog'],
  ['auto', 'By file name'],
  ['text', 'Paste a JSON Schema'],
];

/** A text field whose changes reach the state once typing pauses (a new value from outside shows at once). */
function useDebounced(value: string, commit: (next: string) => void) {
  const [text, setText] = useState(value);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => setText(value), [value]);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const set = (next: string, now = false) => {
    setText(next);
    window.clearTimeout(timer.current);
    if (now) commit(next);
    else timer.current = window.setTimeout(() => commit(next), TYPING_DEBOUNCE_MS);
  };
  return [text, set] as const;
}

export function SchemaPane({ state, onChange, used }: Props) {
  const source = schemaSourceOf(state);
  const [schemaText, setSchemaText] = useDebounced(state.schema ?? '', (schema) => onChange({ schema }));
  const [filename, setFilename] = useDebounced(state.filename ?? '', (name) => onChange({ filename: name }));

  return (
    <section className="panel schema-pane" aria-labelledby="schema-heading">
      <header className="pane-header">
        <h2 id="schema-heading" className="panel-title">
          Schema
        </h2>
        <div className="pane-actions" role="radiogroup" aria-label="Check the input against">
          {SOURCES.map(([value, text]) => (
            <label key={value} className="radio-inline">
              <input type="radio" name="schema-source" value={value} checked={source === value} onChange={() => onChange({ schemaSource: value })} />
              {text}
            </label>
          ))}
        </div>
      </header>
      {source === 'catalog' ? <CatalogPicker value={state.catalogSchema} onChange={(catalogSchema) => onChange({ catalogSchema })} /> : null}
      {source === 'auto' ? (
        <input
          className="input-small schema-filename"
          aria-label="File name"
          placeholder=".github/workflows/ci.yml, charts/web/Chart.yaml, tsconfig.json…"
          spellCheck={false}
          value={filename}
          onChange={(e) => setFilename(e.target.value)}
        />
      ) : null}
      {source === 'text' ? (
        <textarea
          className="schema-text"
          aria-label="JSON Schema"
          spellCheck={false}
          rows={10}
          placeholder='{"type": "object", "required": ["name"]} (drafts 04 to 2020-12, JSON or YAML)'
          value={schemaText}
          onChange={(e) => setSchemaText(e.target.value)}
        />
      ) : null}
      {used && source !== 'none' && source !== 'text' ? (
        <p className="muted" data-testid="schema-used">
          Checked against {used.name} ({used.id}){used.matchedPattern ? `, matched by ${used.matchedPattern}` : ''}.
        </p>
      ) : null}
    </section>
  );
}
