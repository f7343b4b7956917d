// Editor options that depend on the document's size. No Monaco import: safe to use outside the lazy editor chunk.
import type { editor } from 'monaco-editor/editor/editor.api';

/** Above this many characters, features that scan the whole document are turned off to keep typing smooth. */
export const LARGE_DOCUMENT_CHARS = 200_000;

/**
 * What a large document does without: each of these re-reads the whole text on the main thread or sends it to a worker.
 * (Suggestions are off at every size: code-editor.tsx's TYPED_AS_IS.)
 */
export function documentSizeOptions(length: number): editor.IEditorOptions & editor.IGlobalEditorOptions {
  const small = length < LARGE_DOCUMENT_CHARS;
  return {
    bracketPairColorization: { enabled: small },
    guides: { bracketPairs: false, indentation: small },
    stickyScroll: { enabled: small },
    folding: small,
    occurrencesHighlight: small ? 'singleFile' : 'off',
    selectionHighlight: small,
    links: small,
    colorDecorators: small,
    renderValidationDecorations: 'on',
  };
}
