// The playground's input kept across reloads in localStorage: the whole state (its
// formats and options with it), written after typing pauses, never more than a sane size, and
// never breaking the page when the browser refuses storage (quota, private mode, disabled).
import { parsePlaygroundState, type PlaygroundState } from './playground-state';

export const INPUT_STORAGE_KEY = 'yamljson.playground.v1';

/**
 * Larger inputs are not kept: localStorage holds about 5 MB per site (UTF-16, so 2.5 M characters
 * in some browsers), and writing megabytes on every pause in typing would stall the page.
 */
export const MAX_STORED_CHARS = 2_000_000;

/** How long typing must pause before the input is written. */
export const STORE_DELAY_MS = 1000;

/** The part of Web Storage used here (window.localStorage, or a test's map). */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** What became of a save: kept; not kept because it is too large; or the browser refused. */
export type StoreOutcome = 'stored' | 'cleared' | 'too-large' | 'unavailable';

/** window.localStorage, or null where reading it throws (storage disabled, sandboxed frames). */
export function browserStorage(): KeyValueStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The stored state, or null: none, unreadable, or not a state (an old or edited entry). */
export function loadStoredState(storage: KeyValueStorage | null): PlaygroundState | null {
  if (!storage) return null;
  try {
    const text = storage.getItem(INPUT_STORAGE_KEY);
    return text ? parsePlaygroundState(JSON.parse(text)) : null;
  } catch {
    return null;
  }
}

/**
 * Keeps `state` for the next visit. An empty input, or one over MAX_STORED_CHARS, removes what was
 * kept (a reload must not bring back an older draft the user has since replaced).
 */
export function storeState(storage: KeyValueStorage | null, state: PlaygroundState): StoreOutcome {
  if (!storage) return 'unavailable';
  const tooLarge = state.input.length + (state.schema?.length ?? 0) > MAX_STORED_CHARS;
  try {
    if (state.input === '' || tooLarge) {
      storage.removeItem(INPUT_STORAGE_KEY);
      return tooLarge ? 'too-large' : 'cleared';
    }
    storage.setItem(INPUT_STORAGE_KEY, JSON.stringify(state));
    return 'stored';
  } catch {
    return 'unavailable';
  }
}

/** Forgets the kept input (the Clear button). */
export function clearStoredState(storage: KeyValueStorage | null): void {
  try {
    storage?.removeItem(INPUT_STORAGE_KEY);
  } catch {
    // Nothing was kept where nothing can be removed.
  }
}

/** The quiet note next to the input for an outcome; empty when there is nothing to say. */
export function storeNote(outcome: StoreOutcome | null): string {
  if (outcome === 'too-large') return `Not kept for reload: over ${MAX_STORED_CHARS.toLocaleString('en-US')} characters`;
  if (outcome === 'unavailable') return 'Not kept for reload: the browser refused storage';
  return '';
}
