'use client';
// The output pane: the answer (or, while the input is in error, the last good output, dimmed), with copy and download.
import { LazyCodeEditor } from '@/components/editor/lazy-code-editor';
import type { ConversionView, OutputPane as Pane } from '@/lib/web/conversion-view';
import { copyText, downloadText } from '@/lib/web/copy-text';

interface Props {
  pane: Pane;
  view: ConversionView | null;
  dark: boolean;
  announce: (message: string) => void;
}

export function OutputPane({ pane, view, dark, announce }: Props) {
  // Never the stale output (pane.stale): the buttons are off then.
  const exportOff = !view || view.failed;
  const exportTitle = view?.failed ? 'Off while the input has problems: the output shown is not its output' : undefined;

  async function copyOutput() {
    if (!view || view.failed) return;
    announce((await copyText(view.output)) ? 'Output copied to the clipboard' : 'The browser refused to copy');
  }

  function download() {
    if (!view || view.failed) return;
    downloadText(view.output, view.fileName, view.mimeType);
    announce(`Downloading ${view.fileName}`);
  }

  return (
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
  );
}
