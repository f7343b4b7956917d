'use client';
// The input kept for the next visit (lib/web/input-storage.ts): written once typing pauses, and at once when the page
// goes away (with the editor's text, which may be ahead of the state); Clear forgets it.
import { useCallback, useEffect, useRef, useState } from 'react';
import { browserStorage, clearStoredState, STORE_DELAY_MS, type StoreOutcome, storeNote, storeState } from '@/lib/web/input-storage';
import type { PlaygroundState } from '@/lib/web/playground-state';

/** `currentState`: the state with the editor's text, read when the page goes away. */
export function useInputPersistence(state: PlaygroundState | null, currentState: () => PlaygroundState | null) {
  const [outcome, setOutcome] = useState<StoreOutcome | null>(null);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (!state) return;
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setOutcome(storeState(browserStorage(), state)), STORE_DELAY_MS);
  }, [state]);

  useEffect(() => {
    const onPageHide = () => {
      window.clearTimeout(timer.current);
      const s = currentState();
      if (s) storeState(browserStorage(), s);
    };
    window.addEventListener('pagehide', onPageHide);
    return () => window.removeEventListener('pagehide', onPageHide);
  }, [currentState]);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const forget = useCallback(() => {
    window.clearTimeout(timer.current);
    clearStoredState(browserStorage());
    setOutcome(null);
  }, []);

  /** A line under the input's heading when the input is not kept (too large, storage refused), else ''. */
  return { note: storeNote(outcome), forget };
}
