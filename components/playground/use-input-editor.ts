'use client';
// The playground's input editor (Monaco, loaded lazily). What is typed reaches the state once typing pauses (longer
// for big documents); a state put on screen from elsewhere (a sample, a file, a share link, swap, clear) replaces the
// text as one undoable edit; the answer's problems are markers over visible text; Ctrl/Cmd+Enter and Format document
// are bound when the editor mounts.
import { type Dispatch, type SetStateAction, useCallback, useEffect, useRef, useState } from 'react';
import type { CodeEditorInstance } from '@/components/editor/code-editor';
import { documentSizeOptions } from '@/components/editor/editor-options';
import type { Monaco } from '@/components/editor/monaco';
import { useLatest } from '@/components/hooks/use-latest';
import type { Problem } from '@/lib/web/conversion-view';
import { markerRange } from '@/lib/web/marker-range';
import type { PlaygroundState } from '@/lib/web/playground-state';
import { installDocumentFormatter } from './document-formatter';

const MARKER_OWNER = 'yamljson';

/** Waits longer before converting big documents: typing stays smooth, and fewer stale conversions start. */
function debounceMs(length: number): number {
  return Math.min(800, 200 + Math.round(length / 2000));
}

interface Options {
  state: PlaygroundState | null;
  setState: Dispatch<SetStateAction<PlaygroundState | null>>;
  /** The answer's problems, marked in the text. */
  problems: readonly Problem[] | undefined;
  /** Runs the conversion again (convertNow calls it once the editor's text is in the state). */
  onConvert: () => void;
  announce: (message: string) => void;
}

export function useInputEditor({ state, setState, problems, onConvert, announce }: Options) {
  const editorRef = useRef<CodeEditorInstance | null>(null);
  const monacoRef = useRef<Monaco | null>(null);
  const [mounted, setMounted] = useState(false);
  const typingTimer = useRef<number | undefined>(undefined);
  /** True while the text is replaced from a state: that edit is not typing. */
  const applyingText = useRef(false);
  const formatter = useRef<{ dispose(): void } | null>(null);
  // Editor commands and the formatter outlive renders: they read these when they run.
  const latest = useLatest({ state, onConvert, announce });

  useEffect(
    () => () => {
      formatter.current?.dispose();
      formatter.current = null;
      window.clearTimeout(typingTimer.current);
    },
    [],
  );

  /** Puts a whole state on screen: the editor's text (one undoable edit) and the options. */
  const applyState = useCallback(
    (next: PlaygroundState) => {
      window.clearTimeout(typingTimer.current);
      const editor = editorRef.current;
      const model = editor?.getModel();
      if (editor && model && model.getValue() !== next.input) {
        editor.updateOptions(documentSizeOptions(next.input.length));
        applyingText.current = true;
        editor.pushUndoStop();
        editor.executeEdits('yamljson', [{ range: model.getFullModelRange(), text: next.input }]);
        editor.pushUndoStop();
        applyingText.current = false;
        editor.setPosition({ lineNumber: 1, column: 1 });
        editor.revealLine(1);
      }
      setState(next);
    },
    [setState],
  );

  /** Converts now: the editor's text goes to the state without waiting for typing to pause, and the conversion runs again. */
  const convertNow = useCallback(() => {
    window.clearTimeout(typingTimer.current);
    const input = editorRef.current?.getValue();
    if (input !== undefined) setState((s) => (s && s.input !== input ? { ...s, input } : s));
    latest.current.onConvert();
  }, [latest, setState]);

  /** The state with the editor's text, which typing may have taken ahead of the state. */
  const currentState = useCallback((): PlaygroundState | null => {
    const s = latest.current.state;
    const input = editorRef.current?.getValue();
    return s && input !== undefined ? { ...s, input } : s;
  }, [latest]);

  const onMount = useCallback(
    (editor: CodeEditorInstance, monaco: Monaco) => {
      editorRef.current = editor;
      monacoRef.current = monaco;
      editor.onDidChangeModelContent(() => {
        if (applyingText.current) return;
        window.clearTimeout(typingTimer.current);
        typingTimer.current = window.setTimeout(
          () => {
            const input = editor.getValue();
            editor.updateOptions(documentSizeOptions(input.length));
            setState((s) => (s && s.input !== input ? { ...s, input } : s));
          },
          debounceMs(editor.getModel()?.getValueLength() ?? 0),
        );
      });
      editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter, convertNow);
      formatter.current?.dispose();
      formatter.current = installDocumentFormatter(editor, monaco, {
        state: () => latest.current.state,
        announce: (message) => latest.current.announce(message),
        // The input did not parse: convert it, so its problems are listed and marked.
        showProblems: convertNow,
      });
      // The state may have moved on while Monaco loaded (share link, sample): show it.
      const s = latest.current.state;
      if (s) editor.updateOptions(documentSizeOptions(s.input.length));
      if (s && editor.getValue() !== s.input) {
        applyingText.current = true;
        editor.setValue(s.input);
        applyingText.current = false;
      }
      setMounted(true);
    },
    [latest, setState, convertNow],
  );

  // Problems as markers, over visible text: one at indentation or at the end of the input moves to a word (lib/web/marker-range.ts).
  useEffect(() => {
    const monaco = monacoRef.current;
    const model = editorRef.current?.getModel();
    if (!monaco || !model || !mounted) return;
    const markers = (problems ?? [])
      .filter((p): p is Problem & { line: number; column: number } => p.line !== undefined && p.column !== undefined)
      .map((p) => ({
        severity: monaco.MarkerSeverity.Error,
        message: `${p.message} (${p.code})`,
        ...markerRange(model, p.line, p.column),
        source: 'yamljson',
      }));
    monaco.editor.setModelMarkers(model, MARKER_OWNER, markers);
  }, [problems, mounted]);

  const goTo = useCallback((line: number, column: number) => {
    const editor = editorRef.current;
    if (!editor) return;
    editor.setPosition({ lineNumber: line, column });
    editor.revealPositionInCenter({ lineNumber: line, column });
    editor.focus();
  }, []);

  const focus = useCallback(() => editorRef.current?.focus(), []);

  return { onMount, applyState, convertNow, currentState, goTo, focus };
}
