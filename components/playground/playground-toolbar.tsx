'use client';
// The playground's controls: mode, formats, swap, preserve switches, output options, share, convert.
import type { InputFormat, OutputFormat, PlaygroundMode, PlaygroundState } from '@/lib/web/playground-state';
import { FormatOptions } from './format-options';

interface Props {
  state: PlaygroundState;
  onChange: (patch: Partial<PlaygroundState>) => void;
  onSwap: () => void;
  /** Why swap is refused now (the input does not parse), or null when it is offered. */
  swapRefusal: string | null;
  onConvert: () => void;
  onShare: () => void;
}

export function PlaygroundToolbar({ state, onChange, onSwap, swapRefusal, onConvert, onShare }: Props) {
  const converting = state.mode === 'convert';

  const setMode = (mode: PlaygroundMode) => {
    // Convert reads JSONC as JSON; validate tells them apart.
    const inputFormat: InputFormat = mode === 'convert' && state.inputFormat === 'jsonc' ? 'json' : state.inputFormat;
    onChange({ mode, inputFormat });
  };

  return (
    <div className="toolbar" role="group" aria-label="Conversion settings">
      <fieldset className="segmented">
        <legend className="visually-hidden">Mode</legend>
        {(['convert', 'validate'] as const).map((mode) => (
          <label key={mode} className={state.mode === mode ? 'segmented-on' : ''}>
            <input type="radio" name="mode" value={mode} checked={state.mode === mode} onChange={() => setMode(mode)} />
            {mode === 'convert' ? 'Convert' : 'Validate only'}
          </label>
        ))}
      </fieldset>

      <div className="toolbar-group">
        <span className="field-inline">
          <label htmlFor="input-format">{converting ? 'From' : 'Type'}</label>
          <select
            id="input-format"
            value={converting && state.inputFormat === 'jsonc' ? 'json' : state.inputFormat}
            onChange={(e) => onChange({ inputFormat: e.target.value as InputFormat })}
          >
            <option value="yaml">YAML</option>
            <option value="json">{converting ? 'JSON' : 'JSON (strict)'}</option>
            {converting ? null : <option value="jsonc">JSONC</option>}
          </select>
        </span>
        {converting ? (
          <>
            {/* aria-disabled, not disabled: the button stays focusable and hoverable, so its reason can be read and shown. */}
            <button
              type="button"
              className="button button-icon"
              onClick={onSwap}
              aria-label="Swap input and output"
              aria-disabled={swapRefusal ? true : undefined}
              aria-describedby={swapRefusal ? 'swap-refusal' : undefined}
              title={swapRefusal ?? 'Swap input and output'}
            >
              <span aria-hidden="true">⇄</span>
            </button>
            {swapRefusal ? (
              <span id="swap-refusal" className="visually-hidden">
                {swapRefusal}
              </span>
            ) : null}
            <span className="field-inline">
              <label htmlFor="output-format">To</label>
              <select id="output-format" value={state.outputFormat} onChange={(e) => onChange({ outputFormat: e.target.value as OutputFormat })}>
                <option value="json">JSON</option>
                <option value="yaml">YAML</option>
              </select>
            </span>
          </>
        ) : null}
      </div>

      {converting ? (
        <div className="toolbar-group">
          <label className="switch">
            <input
              type="checkbox"
              role="switch"
              checked={state.preserveComments}
              onChange={(e) => onChange({ preserveComments: e.target.checked })}
            />
            <span>Preserve comments</span>
          </label>
          <label className="switch">
            <input type="checkbox" role="switch" checked={state.preserveAnchors} onChange={(e) => onChange({ preserveAnchors: e.target.checked })} />
            <span>Preserve anchors</span>
          </label>
          <FormatOptions state={state} onChange={onChange} />
        </div>
      ) : null}

      <div className="toolbar-group toolbar-end">
        <button type="button" className="button" onClick={onShare}>
          Share link
        </button>
        <button type="button" className="button button-primary" onClick={onConvert} title="Ctrl+Enter or ⌘+Enter">
          {converting ? 'Convert' : 'Validate'} <kbd>Ctrl+Enter</kbd>
        </button>
      </div>
    </div>
  );
}
