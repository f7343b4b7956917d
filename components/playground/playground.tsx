'use client';
// The playground: input and output editors, live conversion in a web worker with lib/converter,
// problems as markers and a list, metadata, copy/download, files, samples, curl and share links,
// the input kept across reloads, format document, and the input's size against the plan's limit.
// The state lives in hooks: the conversion (use-conversion), the editor (use-input-editor), the input kept
// for reload (use-input-persistence), share links (use-share-link) and the status notice (use-announcer).
import { useCallback, useEffect, useState } from 'react';
import { usePrefersDark } from '@/components/hooks/use-prefers-dark';
import { utf8ByteLength } from '@/lib/converter/utf8';
import type { SchemaUsed } from '@/lib/schema';
import type { ConverterAnswer } from '@/lib/web/converter-protocol';
import { overLimitWarning, sizeLabel, type Viewer } from '@/lib/web/input-size';
import { formatFromFileName, type PlaygroundState, toPlaygroundRequest } from '@/lib/web/playground-state';
import { CurlPanel } from './curl-panel';
import { InputPane } from './input-pane';
import { MetadataPanel } from './metadata-panel';
import { OutputPane } from './output-pane';
import { PlaygroundToolbar } from './playground-toolbar';
import { ProblemsList } from './problems-list';
import { SchemaPane } from './schema-pane';
import { useAnnouncer } from './use-announcer';
import { useConversion } from './use-conversion';
import { useInputEditor } from './use-input-editor';
import { useInputPersistence } from './use-input-persistence';
import { useShareLink } from './use-share-link';

/** The catalog schema an answer names (validate with a catalog name or "auto"). */
function schemaUsed(answer: ConverterAnswer | undefined): SchemaUsed | undefined {
  return answer && 'schema' in answer ? answer.schema : undefined;
}

/** Swap needs the output of the current input; this is why it is refused while the input does not parse. */
const SWAP_REFUSED = 'Swap is off while the input has problems: fix them first (swap makes the output the input).';

interface Props {
  /** The signed-in user's plan (or the Free plan a signed-out user's key has): the size warning. */
  viewer: Viewer;
  /** Every plan's input limit: sizes near one are shown in exact bytes. */
  planLimits: readonly number[];
}

export function Playground({ viewer, planLimits }: Props) {
  const dark = usePrefersDark();
  const [state, setState] = useState<PlaygroundState | null>(null);
  const { notice, announce } = useAnnouncer();
  const { result, view, pane, busy, convertAgain } = useConversion(state);
  const editor = useInputEditor({ state, setState, problems: view?.problems, onConvert: convertAgain, announce });
  const { applyState, convertNow, currentState } = editor;
  const kept = useInputPersistence(state, currentState);
  const share = useShareLink({ onFirstState: setState, onLinkOpened: applyState, currentState, announce });

  // Ctrl/Cmd+Enter anywhere on the page (inside the editor it is an editor command).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key === 'Enter') {
        event.preventDefault();
        convertNow();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [convertNow]);

  const update = useCallback((patch: Partial<PlaygroundState>) => setState((s) => (s ? { ...s, ...patch } : s)), []);

  const swapRefusal = state?.mode === 'convert' && view?.failed ? SWAP_REFUSED : null;

  /** Swap makes the output of the current input the input: refused (with the reason said) while there is none. */
  function swap() {
    const s = currentState();
    if (s?.mode !== 'convert') return;
    if (swapRefusal) {
      announce(SWAP_REFUSED);
      return;
    }
    if (!view?.isDocument || result?.request.body.input !== s.input) {
      // Typed since the last conversion: its output is not the input's yet.
      convertNow();
      announce('Converting the new input first: swap again once its output shows.');
      return;
    }
    const inputFormat = s.outputFormat;
    const outputFormat = s.inputFormat === 'yaml' ? 'yaml' : 'json';
    applyState({ ...s, input: view.output, inputFormat, outputFormat });
    announce(`Swapped: ${inputFormat.toUpperCase()} to ${outputFormat.toUpperCase()}`);
  }

  /** Empties the input (one undoable edit) and forgets the kept one. */
  function clear() {
    const s = currentState();
    if (!s) return;
    applyState({ ...s, input: '' });
    kept.forget();
    editor.focus();
    announce('Input cleared: Ctrl+Z in the editor brings it back');
  }

  async function openFile(file: File) {
    const text = await file.text();
    const s = currentState();
    if (!s) return;
    const format = formatFromFileName(file.name) ?? s.inputFormat;
    const outputFormat = s.mode === 'convert' && format === 'yaml' ? 'json' : s.mode === 'convert' ? 'yaml' : s.outputFormat;
    applyState({ ...s, input: text, inputFormat: format, outputFormat });
    announce(`Opened ${file.name}`);
  }

  if (!state) {
    return <div className="playground playground-loading" aria-busy="true" />;
  }

  const inputBytes = utf8ByteLength(state.input);
  const sizeWarning = overLimitWarning(inputBytes, viewer);

  return (
    <div className="playground">
      <PlaygroundToolbar state={state} onChange={update} onSwap={swap} swapRefusal={swapRefusal} onConvert={convertNow} onShare={share} />
      {state.mode === 'validate' ? <SchemaPane state={state} onChange={update} used={schemaUsed(result?.answer)} /> : null}
      <div className="editors">
        <InputPane
          state={state}
          dark={dark}
          storeNote={kept.note}
          onMount={editor.onMount}
          onLoadSample={applyState}
          onOpenFile={openFile}
          onClear={clear}
        />
        <OutputPane pane={pane} view={view} dark={dark} announce={announce} />
      </div>
      <div className="status-bar">
        <span role="status" aria-live="polite" data-testid="conversion-status" className={view?.problems.length ? 'status-error' : ''}>
          {busy ? 'Converting…' : (view?.summary ?? '')}
        </span>
        <span data-testid="input-size" className={sizeWarning ? 'status-error' : ''}>
          Input: {sizeLabel(inputBytes, planLimits)}
        </span>
        <span role="status" aria-live="polite" className="status-notice">
          {notice}
        </span>
      </div>
      <div className="playground-details">
        <ProblemsList problems={view?.problems ?? []} onSelect={editor.goTo} />
        <MetadataPanel result={result} warnings={view?.warnings ?? []} planLimits={planLimits} />
        <CurlPanel request={toPlaygroundRequest(state)} onCopied={announce} sizeWarning={sizeWarning} />
      </div>
    </div>
  );
}
