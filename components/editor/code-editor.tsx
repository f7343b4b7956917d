'use client';
// One Monaco editor. Import it through next/dynamic with `ssr: false` (see lazy-code-editor.tsx).
import Editor from '@monaco-editor/react';
import { useMemo } from 'react';
import type { editor } from 'monaco-editor/editor/editor.api';
import { LARGE_DOCUMENT_CHARS, documentSizeOptions } from './editor-options';
import { monaco, type Monaco } from './monaco';

export type CodeEditorInstance = editor.IStandaloneCodeEditor;

export interface CodeEditorProps {
  /** Initial text; later changes go through the editor instance (onMount). */
  defaultValue?: string;
  /** Controlled text, for read-only editors. */
  value?: string;
  language: 'yaml' | 'json';
  readOnly?: boolean;
  /** Length of the text, for documentSizeOptions (read-only editors; the input sets its own). */
  size?: number;
  dark: boolean;
  ariaLabel: string;
  onMount?: (instance: CodeEditorInstance, api: Monaco) => void;
}

const OPTIONS: editor.IStandaloneEditorConstructionOptions = {
  minimap: { enabled: false },
  fontSize: 13,
  lineHeight: 20,
  tabSize: 2,
  insertSpaces: true,
  detectIndentation: false,
  scrollBeyondLastLine: false,
  renderLineHighlightOnlyWhenFocus: true,
  fixedOverflowWidgets: true,
  automaticLayout: true,
  wordWrap: 'off',
  padding: { top: 8, bottom: 8 },
};

/**
 * The input editor never changes what is typed: no suggestions (word-based ones
 * accepted on Enter turned `owner: w` + Enter into `owner: web`), no closing brackets or quotes
 * added, no indentation added on Enter. Typing a document character by character gives that
 * document (e2e/playground.spec.ts).
 */
const TYPED_AS_IS: editor.IStandaloneEditorConstructionOptions = {
  quickSuggestions: false,
  suggestOnTriggerCharacters: false,
  wordBasedSuggestions: 'off',
  acceptSuggestionOnEnter: 'off',
  tabCompletion: 'off',
  parameterHints: { enabled: false },
  autoClosingBrackets: 'never',
  autoClosingQuotes: 'never',
  autoClosingOvertype: 'never',
  autoSurround: 'never',
  autoIndent: 'none',
  formatOnType: false,
};

export default function CodeEditor({ defaultValue, value, language, readOnly, size, dark, ariaLabel, onMount }: CodeEditorProps) {
  const large = (size ?? value?.length ?? defaultValue?.length ?? 0) >= LARGE_DOCUMENT_CHARS;
  const options = useMemo(
    () => ({
      ...OPTIONS,
      ...(readOnly ? {} : TYPED_AS_IS),
      ...documentSizeOptions(large ? LARGE_DOCUMENT_CHARS : 0),
      readOnly: readOnly ?? false,
      domReadOnly: readOnly ?? false,
      tabFocusMode: readOnly ?? false,
      ariaLabel,
    }),
    [large, readOnly, ariaLabel],
  );
  return (
    <Editor
      defaultValue={defaultValue}
      value={value}
      language={language}
      theme={dark ? 'yamljson-dark' : 'yamljson-light'}
      loading={<div className="editor-loading">Loading editor…</div>}
      options={options}
      onMount={(instance) => onMount?.(instance, monaco)}
    />
  );
}
