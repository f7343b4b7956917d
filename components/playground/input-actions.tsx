'use client';
// The input pane's actions: load a sample, open a local file (or drop one on the editor), clear.
import { useRef } from 'react';
import type { PlaygroundState } from '@/lib/web/playground-state';
import { SAMPLES, findSample } from '@/lib/web/samples';

interface Props {
  onLoadSample: (state: PlaygroundState) => void;
  onOpenFile: (file: File) => void;
  /** Empties the editor (undoable) and forgets the input kept for reload. */
  onClear: () => void;
}

export function InputActions({ onLoadSample, onOpenFile, onClear }: Props) {
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <div className="pane-actions">
      <select
        className="select-small"
        aria-label="Load a sample document"
        value=""
        onChange={(e) => {
          const sample = findSample(e.target.value);
          if (sample) onLoadSample(sample.state);
        }}
      >
        <option value="" disabled>
          Samples…
        </option>
        {SAMPLES.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </select>
      <button type="button" className="button button-small" onClick={() => fileInput.current?.click()} title="Or drop a file on the editor">
        Open file…
      </button>
      <button type="button" className="button button-small" onClick={onClear} title="Empty the input (Ctrl+Z in the editor brings it back)">
        Clear
      </button>
      <input
        ref={fileInput}
        type="file"
        className="visually-hidden"
        tabIndex={-1}
        aria-label="Open a local file"
        accept=".yaml,.yml,.json,.jsonc,application/json,application/yaml,text/yaml,text/plain"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) onOpenFile(file);
          e.target.value = '';
        }}
      />
    </div>
  );
}
