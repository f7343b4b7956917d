'use client';
// The playground's "Options" popover: a control for each row of the option table that has one
// (output formatting, the YAML version the input is read with), its label, choices and help text
// from the row. What is set goes into the request (lib/web/playground-state.ts), so the curl
// command and share link carry it too.
import { useEffect, useRef } from 'react';
import { OPTION_TABLE } from '@/lib/converter/option-table';
import {
  offeredValues,
  optionApplies,
  POPOVER_OPTIONS,
  type PlaygroundOptions,
  type PlaygroundState,
  type PopoverOptionName,
} from '@/lib/web/playground-state';

interface Props {
  state: PlaygroundState;
  onChange: (patch: Partial<PlaygroundState>) => void;
}

type Value = number | string | boolean | null;

/** What the playground adds to an option's help, beside the option's own words. */
const PLAYGROUND_NOTES: Partial<Record<PopoverOptionName, (state: PlaygroundState) => string | undefined>> = {
  jsonStyle: (state) => (state.preserveComments ? 'Compact JSON has no room for comments: it applies with Preserve comments off.' : undefined),
};

/** An option's meaning as help text (code spans without their backticks). */
function helpText(name: PopoverOptionName, state: PlaygroundState): string {
  return PLAYGROUND_NOTES[name]?.(state) ?? OPTION_TABLE[name].meaning.replaceAll('`', '');
}

/** `flowLevel` -> `option-flow-level`. */
function controlId(name: string): string {
  return `option-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

function OptionControl({
  name,
  value,
  state,
  onSet,
}: {
  name: PopoverOptionName;
  value: Value;
  state: PlaygroundState;
  onSet: (value: Value) => void;
}) {
  const row = OPTION_TABLE[name];
  const { label } = row.playground;
  const disabled = !optionApplies(name, state.inputFormat === 'jsonc' ? 'json' : state.inputFormat, state.outputFormat);
  const title = helpText(name, state);
  if (row.kind === 'boolean') {
    return (
      <label className="switch" title={title}>
        <input type="checkbox" role="switch" disabled={disabled} checked={value === true} onChange={(e) => onSet(e.target.checked)} />
        <span>{label}</span>
      </label>
    );
  }
  const choices: ReadonlyArray<readonly [Value, string]> =
    'choices' in row.playground ? row.playground.choices : offeredValues(name).map((v) => [v, String(v)] as const);
  const id = controlId(name);
  return (
    <span className="field-inline">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        disabled={disabled}
        title={title}
        value={String(value ?? '')}
        onChange={(e) => onSet(choices.find(([v]) => String(v ?? '') === e.target.value)?.[0] ?? row.default)}
      >
        {choices.map(([v, text]) => (
          <option key={String(v)} value={String(v ?? '')}>
            {text}
          </option>
        ))}
      </select>
    </span>
  );
}

export function FormatOptions({ state, onChange }: Props) {
  const options = state.options ?? {};
  const current = (name: PopoverOptionName): Value => options[name] ?? OPTION_TABLE[name].default;
  const set = (name: PopoverOptionName, value: Value) => {
    const next: Record<string, unknown> = { ...options };
    if (value === OPTION_TABLE[name].default) delete next[name];
    else next[name] = value;
    onChange({ options: next as PlaygroundOptions });
  };
  // How many options differ from the default, for the button's badge.
  const changed = POPOVER_OPTIONS.filter((name) => current(name) !== OPTION_TABLE[name].default).length;
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
        {POPOVER_OPTIONS.map((name) => (
          <OptionControl key={name} name={name} value={current(name)} state={state} onSet={(value) => set(name, value)} />
        ))}
      </div>
    </details>
  );
}
