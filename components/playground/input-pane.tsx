'use client';
// The input pane: heading with the format, samples / open file / clear, the note when the input is not kept for reload,
// and the editor, onto which a file can be dropped.
import { type DragEvent, useState } from 'react';
import type { CodeEditorInstance } from '@/components/editor/code-editor';
import { LazyCodeEditor } from '@/components/editor/lazy-code-editor';
import type { Monaco } from '@/components/editor/monaco';
import type { PlaygroundState } from '@/lib/web/playground-state';
import { InputActions } from './input-actions';

interface Props {
  state: PlaygroundState;
  dark: boolean;
  /** Why the input is not kept for reload, or ''. */
  storeNote: string;
  onMount: (editor: CodeEditorInstance, monaco: Monaco) => void;
  onLoadSample: (state: PlaygroundState) => void;
  onOpenFile: (file: File) => void;
  onClear: () => void;
}

export function InputPane({ state, dark, storeNote, onMount, onLoadSample, onOpenFile, onClear }: Props) {
  const [dragging, setDragging] = useState(false);

  const onDragOver = (event: DragEvent<HTMLElement>) => {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };

  const onDrop = (event: DragEvent<HTMLElement>) => {
    const file = event.dataTransfer.files[0];
    setDragging(false);
    if (!file) return;
    event.preventDefault();
    event.stopPropagation();
    onOpenFile(file);
  };

  return (
    <section
      className={`pane${dragging ? ' pane-dragging' : ''}`}
      aria-labelledby="input-heading"
      onDragOverCapture={onDragOver}
      onDragLeave={() => setDragging(false)}
      onDropCapture={onDrop}
    >
      <header className="pane-header">
        <h2 id="input-heading">
          Input<span className="pane-title-detail"> · {state.inputFormat.toUpperCase()}</span>
        </h2>
        <InputActions onLoadSample={onLoadSample} onOpenFile={onOpenFile} onClear={onClear} />
      </header>
      {storeNote ? (
        <p className="pane-note" data-testid="store-note">
          {storeNote}
        </p>
      ) : null}
      <div className="editor-frame" data-testid="input-editor">
        <LazyCodeEditor
          defaultValue={state.input}
          language={state.inputFormat === 'yaml' ? 'yaml' : 'json'}
          dark={dark}
          ariaLabel="Input document"
          onMount={onMount}
        />
      </div>
    </section>
  );
}
