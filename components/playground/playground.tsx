'use client';
// The playground: input and output editors, live conversion in a web worker with lib/converter,
// problems as markers and a list, metadata, copy/download, files, samples, curl and share links,
// the input kept across reloads, format document, and the input's size against the plan's limit.
import { useCallback, useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import type { CodeEditorInstance } from '@/components/editor/code-editor';
import { documentSizeOptions } from '@/components/editor/editor-options';
import { LazyCodeEditor } from '@/components/editor/lazy-code-editor';
import type { Monaco } from '@/components/editor/monaco';
import { usePrefersDark } from '@/components/hooks/use-prefers-dark';
import { ConverterClient, type ConverterRun } from '@/lib/web/converter-client';
import type { ConverterJob } from '@/lib/web/converter-protocol';
import { utf8ByteLength } from '@/lib/converter/utf8';
import { toConversionView, toOutputPane, type ConversionView, type Problem } from '@/lib/web/conversion-view';
import { copyText, downloadText } from '@/lib/web/copy-text';
import { browserStorage, clearStoredState, loadStoredState, STORE_DELAY_MS, storeNote, storeState, type StoreOutcome } from '@/lib/web/input-storage';
import { overLimitWarning, sizeLabel, type Viewer } from '@/lib/web/input-size';
import { markerRange } from '@/lib/web/marker-range';
import { formatFromFileName, toPlaygroundRequest, type PlaygroundRequest, type PlaygroundState } from '@/lib/web/playground-state';
import { DEFAULT_SAMPLE } from '@/lib/web/samples';
import { decodeShareState, shareUrl, stateFromHash } from '@/lib/web/share-link';
import { CurlPanel } from './curl-panel';
import { installDocumentFormatter } from './document-formatter';
import { InputActions } from './input-actions';
import { MetadataPanel } from './metadata-panel';
import { PlaygroundToolbar } from './playground-toolbar';
import { ProblemsList } from './problems-list';
import { SchemaPane } from './schema-pane';

const MARKER_OWNER = 'yamljson';

/** Waits longer before converting big documents: typing stays smooth, and fewer stale conversions start. */
function debounceMs(length: number): number {
  return Math.min(800, 200 + Math.round(length / 2000));
}

function toJob(request: PlaygroundRequest): ConverterJob {
  return request.endpoint === '/api/convert' ? { kind: 'convert', request: request.body } : { kind: 'validate', request: request.body };
}

interface Result extends ConverterRun {
  request: PlaygroundRequest;
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
  const stateRef = useRef(state);
  stateRef.current = state;
  const [result, setResult] = useState<Result | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState('');
  const [dragging, setDragging] = useState(false);
  const [nonce, setNonce] = useState(0);
  /** The last answer that was not an error, for the output pane while the input is in error. */
  const [lastGood, setLastGood] = useState<{ endpoint: PlaygroundRequest['endpoint']; view: ConversionView } | null>(null);
  const [storeOutcome, setStoreOutcome] = useState<StoreOutcome | null>(null);

  const client = useRef<ConverterClient | null>(null);
  const inputEditor = useRef<CodeEditorInstance | null>(null);
  const monacoApi = useRef<Monaco | null>(null);
  const [editorReady, setEditorReady] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const applyingText = useRef(false);
  const noticeTimer = useRef<number | undefined>(undefined);
  const storeTimer = useRef<number | undefined>(undefined);
  const formatter = useRef<{ dispose(): void } | null>(null);

  const announce = useCallback((text: string) => {
    setNotice(text);
    window.clearTimeout(noticeTimer.current);
    noticeTimer.current = window.setTimeout(() => setNotice(''), 4000);
  }, []);
  const announceRef = useRef(announce);
  announceRef.current = announce;

  // The worker lives as long as the page.
  useEffect(() => {
    client.current = new ConverterClient();
    return () => {
      client.current?.dispose();
      client.current = null;
      formatter.current?.dispose();
      formatter.current = null;
      window.clearTimeout(timer.current);
      window.clearTimeout(noticeTimer.current);
      window.clearTimeout(storeTimer.current);
    };
  }, []);

  /** Puts a whole state on screen: the editor's text (undoable) and the options. */
  const applyState = useCallback((next: PlaygroundState) => {
    window.clearTimeout(timer.current);
    const editor = inputEditor.current;
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
  }, []);

  // First state: the share link in the URL, else the input kept from the last visit, else the first sample. Later hash changes load too.
  useEffect(() => {
    let live = true;
    async function fromHash(): Promise<PlaygroundState | null> {
      const encoded = stateFromHash(window.location.hash);
      return encoded ? decodeShareState(encoded) : null;
    }
    fromHash().then((restored) => {
      if (!live) return;
      setState(restored ?? loadStoredState(browserStorage()) ?? DEFAULT_SAMPLE.state);
    });
    const onHashChange = () => {
      fromHash().then((restored) => {
        if (live && restored) applyState(restored);
      });
    };
    window.addEventListener('hashchange', onHashChange);
    return () => {
      live = false;
      window.removeEventListener('hashchange', onHashChange);
    };
  }, [applyState]);

  // Convert whenever the request changes (or on demand: nonce).
  // biome-ignore lint/correctness/useExhaustiveDependencies: nonce is the on-demand trigger; the effect does not read it
  useEffect(() => {
    if (!state || !client.current) return;
    const request = toPlaygroundRequest(state);
    let live = true;
    setBusy(true);
    client.current.run(toJob(request)).then((run) => {
      if (!live || !run) return;
      setResult({ ...run, request });
      setBusy(false);
    });
    return () => {
      live = false;
    };
  }, [state, nonce]);

  const view = useMemo(() => (result ? toConversionView(result.request, result.answer) : null), [result]);
  useEffect(() => {
    if (result && view && !view.failed) setLastGood({ endpoint: result.request.endpoint, view });
  }, [result, view]);
  const pane = toOutputPane(view, lastGood && result && lastGood.endpoint === result.request.endpoint ? lastGood.view : null);

  // The input kept for the next visit, once typing pauses; and at once when the page goes away.
  useEffect(() => {
    if (!state) return;
    window.clearTimeout(storeTimer.current);
    storeTimer.current = window.setTimeout(() => setStoreOutcome(storeState(browserStorage(), state)), STORE_DELAY_MS);
  }, [state]);
  useEffect(() => {
    const onPageHide = () => {
      const s = stateRef.current;
      const input = inputEditor.current?.getValue();
      window.clearTimeout(storeTimer.current);
      if (s) storeState(browserStorage(), input === undefined ? s : { ...s, input });
    };
    window.addEventListener('pagehide', onPageHide);
    return () => window.removeEventListener('pagehide', onPageHide);
  }, []);

  // Problems as editor markers on the input.
  useEffect(() => {
    const monaco = monacoApi.current;
    const model = inputEditor.current?.getModel();
    if (!monaco || !model || !editorReady) return;
    const markers = (view?.problems ?? [])
      .filter((p): p is Problem & { line: number; column: number } => p.line !== undefined && p.column !== undefined)
      // Over visible text: a problem at indentation or at the end of the input is moved to a word (lib/web/marker-range.ts).
      .map((p) => ({
        severity: monaco.MarkerSeverity.Error,
        message: `${p.message} (${p.code})`,
        ...markerRange(model, p.line, p.column),
        source: 'yamljson',
      }));
    monaco.editor.setModelMarkers(model, MARKER_OWNER, markers);
  }, [view, editorReady]);

  const scheduleConversion = useCallback(() => {
    const editor = inputEditor.current;
    if (!editor) return;
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(
      () => {
        const input = editor.getValue();
        editor.updateOptions(documentSizeOptions(input.length));
        setState((s) => (s && s.input !== input ? { ...s, input } : s));
      },
      debounceMs(editor.getModel()?.getValueLength() ?? 0),
    );
  }, []);

  const convertNow = useCallback(() => {
    window.clearTimeout(timer.current);
    const editor = inputEditor.current;
    if (editor) {
      const input = editor.getValue();
      setState((s) => (s && s.input !== input ? { ...s, input } : s));
    }
    setNonce((n) => n + 1);
  }, []);
  const convertNowRef = useRef(convertNow);
  convertNowRef.current = convertNow;

  // Ctrl/Cmd+Enter anywhere on the page (inside the editor it is an editor command).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key === 'Enter') {
        event.preventDefault();
        convertNowRef.current();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const onInputMount = useCallback(
    (editor: CodeEditorInstance, monaco: Monaco) => {
      inputEditor.current = editor;
      monacoApi.current = monaco;
      editor.onDidChangeModelContent(() => {
        if (!applyingText.current) scheduleConversion();
      });
      editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter, () => convertNowRef.current());
      formatter.current?.dispose();
      formatter.current = installDocumentFormatter(editor, monaco, {
        state: () => stateRef.current,
        announce: (message) => announceRef.current(message),
        showProblems: () => convertNowRef.current(),
      });
      // The state may have moved on while Monaco loaded (share link, sample): show it.
      const s = stateRef.current;
      if (s) editor.updateOptions(documentSizeOptions(s.input.length));
      if (s && editor.getValue() !== s.input) {
        applyingText.current = true;
        editor.setValue(s.input);
        applyingText.current = false;
      }
      setEditorReady(true);
    },
    [scheduleConversion],
  );

  const goTo = useCallback((line: number, column: number) => {
    const editor = inputEditor.current;
    if (!editor) return;
    editor.setPosition({ lineNumber: line, column });
    editor.revealPositionInCenter({ lineNumber: line, column });
    editor.focus();
  }, []);

  const update = useCallback((patch: Partial<PlaygroundState>) => {
    setState((s) => (s ? { ...s, ...patch } : s));
  }, []);

  const currentState = useCallback((): PlaygroundState | null => {
    if (!state) return null;
    const editor = inputEditor.current;
    return editor ? { ...state, input: editor.getValue() } : state;
  }, [state]);

  const swapRefusal = state?.mode === 'convert' && view?.failed ? SWAP_REFUSED : null;

  /** Swap makes the output of the current input the input: refused (with the reason said) while there is none. */
  const swap = useCallback(() => {
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
  }, [announce, applyState, convertNow, currentState, result, swapRefusal, view]);

  /** Empties the input (one undoable edit) and forgets the kept one. */
  const clear = useCallback(() => {
    const s = currentState();
    if (!s) return;
    applyState({ ...s, input: '' });
    window.clearTimeout(storeTimer.current);
    clearStoredState(browserStorage());
    setStoreOutcome(null);
    inputEditor.current?.focus();
    announce('Input cleared: Ctrl+Z in the editor brings it back');
  }, [announce, applyState, currentState]);

  const loadText = useCallback(
    (text: string, fileName: string) => {
      const s = currentState();
      if (!s) return;
      const format = formatFromFileName(fileName) ?? s.inputFormat;
      const outputFormat = s.mode === 'convert' && format === 'yaml' ? 'json' : s.mode === 'convert' ? 'yaml' : s.outputFormat;
      applyState({ ...s, input: text, inputFormat: format, outputFormat });
      announce(`Opened ${fileName}`);
    },
    [announce, applyState, currentState],
  );

  const openFile = useCallback(
    async (file: File) => {
      loadText(await file.text(), file.name);
    },
    [loadText],
  );

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    const file = event.dataTransfer.files[0];
    setDragging(false);
    if (!file) return;
    event.preventDefault();
    event.stopPropagation();
    void openFile(file);
  };

  // Never the stale output (pane.stale): the buttons are off then.
  const copyOutput = useCallback(async () => {
    if (!view || view.failed) return;
    announce((await copyText(view.output)) ? 'Output copied to the clipboard' : 'The browser refused to copy');
  }, [announce, view]);

  const download = useCallback(() => {
    if (!view || view.failed) return;
    downloadText(view.output, view.fileName, view.mimeType);
    announce(`Downloading ${view.fileName}`);
  }, [announce, view]);

  const share = useCallback(async () => {
    const s = currentState();
    if (!s) return;
    const url = await shareUrl(window.location.href, s);
    window.history.replaceState(null, '', url);
    announce((await copyText(url)) ? 'Share link copied to the clipboard' : 'Share link is in the address bar');
  }, [announce, currentState]);

  if (!state) {
    return <div className="playground playground-loading" aria-busy="true" />;
  }

  const request = toPlaygroundRequest(state);
  const inputLanguage = state.inputFormat === 'yaml' ? 'yaml' : 'json';
  const status = busy ? 'Converting…' : (view?.summary ?? '');
  const inputBytes = utf8ByteLength(state.input);
  const sizeWarning = overLimitWarning(inputBytes, viewer);
  const exportOff = !view || view.failed;
  const exportTitle = view?.failed ? 'Off while the input has problems: the output shown is not its output' : undefined;

  return (
    <div className="playground">
      <PlaygroundToolbar state={state} onChange={update} onSwap={swap} swapRefusal={swapRefusal} onConvert={convertNow} onShare={share} />
      {state.mode === 'validate' ? <SchemaPane schema={state.schema ?? ''} onChange={(schema) => update({ schema })} /> : null}
      <div className="editors">
        <section
          className={`pane${dragging ? ' pane-dragging' : ''}`}
          aria-labelledby="input-heading"
          onDragOverCapture={(e) => {
            if (e.dataTransfer.types.includes('Files')) {
              e.preventDefault();
              e.dataTransfer.dropEffect = 'copy';
              setDragging(true);
            }
          }}
          onDragLeave={() => setDragging(false)}
          onDropCapture={onDrop}
        >
          <header className="pane-header">
            <h2 id="input-heading">
              Input<span className="pane-title-detail"> · {state.inputFormat.toUpperCase()}</span>
            </h2>
            <InputActions onLoadSample={applyState} onOpenFile={openFile} onClear={clear} />
          </header>
          {storeNote(storeOutcome) ? (
            <p className="pane-note" data-testid="store-note">
              {storeNote(storeOutcome)}
            </p>
          ) : null}
          <div className="editor-frame" data-testid="input-editor">
            <LazyCodeEditor defaultValue={state.input} language={inputLanguage} dark={dark} ariaLabel="Input document" onMount={onInputMount} />
          </div>
        </section>
        <section className="pane" aria-labelledby="output-heading">
          <header className="pane-header">
            <h2 id="output-heading">Output{pane.title ? <span className="pane-title-detail"> · {pane.title}</span> : null}</h2>
            <div className="pane-actions">
              <button type="button" className="button button-small" onClick={copyOutput} disabled={exportOff} title={exportTitle}>
                Copy
              </button>
              <button type="button" className="button button-small" onClick={download} disabled={exportOff} title={exportTitle}>
                Download
              </button>
            </div>
          </header>
          {pane.note ? (
            <p className="pane-note" data-testid="output-note">
              {pane.note}
            </p>
          ) : null}
          <div className={`editor-frame${pane.stale ? ' output-stale' : ''}`} data-testid="output-editor" data-stale={pane.stale}>
            <LazyCodeEditor value={pane.text} language={pane.language} readOnly dark={dark} ariaLabel="Output document (read-only)" />
          </div>
        </section>
      </div>
      <div className="status-bar">
        <span role="status" aria-live="polite" data-testid="conversion-status" className={view?.problems.length ? 'status-error' : ''}>
          {status}
        </span>
        <span data-testid="input-size" className={sizeWarning ? 'status-error' : ''}>
          Input: {sizeLabel(inputBytes, planLimits)}
        </span>
        <span role="status" aria-live="polite" className="status-notice">
          {notice}
        </span>
      </div>
      <div className="playground-details">
        <ProblemsList problems={view?.problems ?? []} onSelect={goTo} />
        <MetadataPanel result={result} warnings={view?.warnings ?? []} planLimits={planLimits} />
        <CurlPanel request={request} onCopied={announce} sizeWarning={sizeWarning} />
      </div>
    </div>
  );
}
