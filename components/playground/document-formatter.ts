'use client';
// "Format document" for the playground's input editor (Shift+Alt+F, and the context menu's
// "Format Document"): the converter re-writes the input in its own format with the chosen options,
// in a web worker, as POST /api/format does. Monaco applies the edit as one undoable step.
import type { editor as MonacoEditor } from 'monaco-editor/editor/editor.api';
import type { CodeEditorInstance } from '@/components/editor/code-editor';
import type { Monaco } from '@/components/editor/monaco';
import { ConverterClient } from '@/lib/web/converter-client';
import { toFormatRequest, type PlaygroundState } from '@/lib/web/playground-state';

export interface FormatterHost {
  /** The playground's state now (its input is replaced by the editor's text). */
  state: () => PlaygroundState | null;
  /** A line for the status bar and the screen reader. */
  announce: (message: string) => void;
  /** The input did not parse: convert it now, so its problems are listed and marked. */
  showProblems: () => void;
}

/**
 * Registers the formatter for the input editor's model (YAML and JSON; other editors' models are
 * left alone) and binds Shift+Alt+F (Monaco binds Ctrl+Shift+I on Linux). Dispose on unmount.
 */
export function installDocumentFormatter(editor: CodeEditorInstance, monaco: Monaco, host: FormatterHost): { dispose(): void } {
  // Its own worker: the live conversion's client drops a job overtaken by a newer one.
  let client: ConverterClient | null = null;
  const provider = {
    displayName: 'yamljson converter',
    async provideDocumentFormattingEdits(model: MonacoEditor.ITextModel) {
      const state = host.state();
      if (model !== editor.getModel() || !state) return [];
      const input = model.getValue();
      client ??= new ConverterClient();
      const run = await client.run({ kind: 'convert', request: toFormatRequest({ ...state, input }) });
      // Typing went on while formatting: the edit would undo it.
      if (!run || model.isDisposed() || model.getValue() !== input) return [];
      const { answer } = run;
      if (!answer.success || !('output' in answer)) {
        host.announce('Not formatted: the input has problems (listed below)');
        host.showProblems();
        return [];
      }
      if (answer.output === input) {
        host.announce('Already formatted');
        return [];
      }
      host.announce('Formatted (Ctrl+Z undoes it)');
      return [{ range: model.getFullModelRange(), text: answer.output }];
    },
  };
  const registrations = [
    monaco.languages.registerDocumentFormattingEditProvider('yaml', provider),
    monaco.languages.registerDocumentFormattingEditProvider('json', provider),
  ];
  editor.addCommand(monaco.KeyMod.Shift | monaco.KeyMod.Alt | monaco.KeyCode.KeyF, () => {
    void editor.getAction('editor.action.formatDocument')?.run();
  });
  return {
    dispose() {
      for (const registration of registrations) registration.dispose();
      client?.dispose();
      client = null;
    },
  };
}
