'use client';
// The playground's "Options" popover: output formatting (indent, sort keys, JSON style, flow level,
// quote style, line width) and the YAML version the input is read with. What is set goes into the
// request (lib/web/playground-state.ts), so the curl command and share link carry it too.
import { useEffect, useRef } from 'react';
import { FLOW_LEVELS, LINE_WIDTHS, type PlaygroundOptions, type PlaygroundState } from '@/lib/web/playground-state';

interface Props {
  state: PlaygroundState;
  onChange: (patch: Partial<PlaygroundState>) => void;
}

/** How many options differ from the default, for the button's badge. */
function changedCount(options: PlaygroundOptions): number {
  return Object.values(options).filter((v) => v !== undefined && v !== null && v !== false).length;
}

export function FormatOptions({ state, onChange }: Props) {
  const options = state.options ?? {};
  const set = (patch: PlaygroundOptions) => onChange({ options: { ...options, ...patch } });
  const toJson = state.outputFormat === 'json';
  const changed = changedCount(options);
  const popover = useRef<HTMLDetailsElement>(null);

  // A popover closes on Escape and on a click elsewhere, as menus do.
  useEffect(() => {
    const close = (event: Event) => {
      const details = popover.current;
      if (!details?.open) return;
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !details.contains(event.target as Node)) details.open = false;
    };
    document.addEventListener('keydown', close);
    document.addEventListener('pointerdown', close);
    return () => {
      document.removeEventListener('keydown', close);
      document.removeEventListener('pointerdown', close);
    };
  }, []);

  return (
    <details ref={popover} className="options-popover" data-testid="format-options">
      <summary className="button">Options{changed > 0 ? <span className="options-badge">{changed}</span> : null}</summary>
      <div className="options-panel" role="group" aria-label="Output options">
        <span className="field-inline">
          <label htmlFor="option-indent">Indent</label>
          <select id="option-indent" value={options.indent ?? 2} onChange={(e) => set({ indent: e.target.value === '4' ? 4 : undefined })}>
            <option value="2">2 spaces</option>
            <option value="4">4 spaces</option>
          </select>
        </span>
        <label className="switch">
          <input
            type="checkbox"
            role="switch"
            checked={options.sortKeys === true}
            onChange={(e) => set({ sortKeys: e.target.checked || undefined })}
          />
          <span>Sort keys</span>
        </label>
        <span className="field-inline">
          <label htmlFor="option-json-style">JSON style</label>
          <select
            id="option-json-style"
            disabled={!toJson}
            title={state.preserveComments ? 'Compact JSON has no room for comments: it applies with Preserve comments off.' : undefined}
            value={options.jsonStyle ?? 'pretty'}
            onChange={(e) => set({ jsonStyle: e.target.value === 'compact' ? 'compact' : undefined })}
          >
            <option value="pretty">Pretty</option>
            <option value="compact">Compact</option>
          </select>
        </span>
        <span className="field-inline">
          <label htmlFor="option-flow-level">Flow level</label>
          <select
            id="option-flow-level"
            disabled={toJson}
            value={options.flowLevel ?? ''}
            onChange={(e) => set({ flowLevel: e.target.value === '' ? undefined : Number(e.target.value) })}
          >
            <option value="">Never</option>
            {FLOW_LEVELS.map((n) => (
              <option key={n} value={n}>
                {n === 0 ? '0 (all)' : n}
              </option>
            ))}
          </select>
        </span>
        <span className="field-inline">
          <label htmlFor="option-quote-style">Quotes</label>
          <select
            id="option-quote-style"
            disabled={toJson}
            value={options.quoteStyle ?? 'plain'}
            onChange={(e) => set({ quoteStyle: e.target.value === 'single' || e.target.value === 'double' ? e.target.value : undefined })}
          >
            <option value="plain">Plain where safe</option>
            <option value="single">Single</option>
            <option value="double">Double</option>
          </select>
        </span>
        <span className="field-inline">
          <label htmlFor="option-line-width">Line width</label>
          <select
            id="option-line-width"
            disabled={toJson}
            value={options.lineWidth ?? ''}
            onChange={(e) => set({ lineWidth: e.target.value === '' ? undefined : Number(e.target.value) })}
          >
            <option value="">Never fold</option>
            {LINE_WIDTHS.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </span>
        <span className="field-inline">
          <label htmlFor="option-yaml-version">YAML version</label>
          <select
            id="option-yaml-version"
            disabled={state.inputFormat !== 'yaml'}
            value={options.yamlVersion ?? '1.2'}
            onChange={(e) => set({ yamlVersion: e.target.value === '1.1' ? '1.1' : undefined })}
          >
            <option value="1.2">1.2</option>
            <option value="1.1">1.1</option>
          </select>
        </span>
      </div>
    </details>
  );
}
