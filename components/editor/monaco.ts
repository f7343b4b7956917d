// Monaco from the installed package (never a CDN): the editor core with its standard features,
// YAML colouring and the JSON language. Client-only; loaded through next/dynamic with ssr: false.
import './monaco-environment';
// The editor's contributions (find, folding, bracket matching, ...) and its codicon CSS and font.
import 'monaco-editor/internal/common/workers';
import * as monaco from 'monaco-editor/editor/editor.api';
import 'monaco-editor/languages/definitions/yaml/register';
import { jsonDefaults } from 'monaco-editor/languages/features/json/register';
import { loader } from '@monaco-editor/react';

// Problems come from yamljson's own converter, which reads JSONC; Monaco's JSON checker would disagree.
jsonDefaults.setDiagnosticsOptions({ validate: false, allowComments: true, trailingCommas: 'ignore', comments: 'ignore' });
// The JSON worker only folds. Its other features answer with whole-document structures (symbols of a
// 1 MB output are a tree of 100,000 nodes, which the main thread must deserialise) and help nobody here.
jsonDefaults.setModeConfiguration({
  tokens: true,
  foldingRanges: true,
  documentSymbols: false,
  colors: false,
  completionItems: false,
  hovers: false,
  documentFormattingEdits: false,
  documentRangeFormattingEdits: false,
  diagnostics: false,
  selectionRanges: false,
});

// Editor colours that sit on the site's own light and dark panels.
monaco.editor.defineTheme('yamljson-light', {
  base: 'vs',
  inherit: true,
  rules: [],
  colors: { 'editor.background': '#ffffff', 'editorGutter.background': '#ffffff' },
});
monaco.editor.defineTheme('yamljson-dark', {
  base: 'vs-dark',
  inherit: true,
  // vs-dark's comment green is below WCAG AA contrast on this background; this one is 5.6:1.
  rules: [{ token: 'comment', foreground: '7fae6a' }],
  colors: { 'editor.background': '#16191d', 'editorGutter.background': '#16191d' },
});

loader.config({ monaco });

export { monaco };
export type Monaco = typeof monaco;
