'use client';
// One change sent to the API from a form or a dialog (create a key, change the password, sign in...): busy while
// it runs, the failure's message for the page's ErrorAlert (fetchJson takes it from the API's error body), and the
// last answer's data. A second run while one is under way does nothing, so a double click submits once.
import { useRef, useState } from 'react';

/** What a request resolves to; fetchJson's FetchResult is one. */
export type MutationOutcome<T> = { ok: true; data: T } | { ok: false; message: string };

export interface ApiMutation<Args extends unknown[], T> {
  /** Runs the request; resolves to its outcome, or to null when one was already running (nothing was sent). */
  run: (...args: Args) => Promise<MutationOutcome<T> | null>;
  busy: boolean;
  /** The last run's failure message, or '' (cleared when a run starts). */
  error: string;
  /** The last run's answer when it succeeded, else null (cleared when a run starts). */
  data: T | null;
  /** Forgets error and data: a dialog opened again starts clean. */
  reset: () => void;
}

interface Options {
  /** Success leads away from the page (sign-out, a redirect): busy stays on until it is gone, so nothing is sent twice meanwhile. */
  leavesPage?: boolean;
}

export function useApiMutation<Args extends unknown[], T>(
  request: (...args: Args) => Promise<MutationOutcome<T>>,
  { leavesPage = false }: Options = {},
): ApiMutation<Args, T> {
  // A ref, not the busy state: two clicks in one frame both see busy false.
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [data, setData] = useState<T | null>(null);

  async function run(...args: Args): Promise<MutationOutcome<T> | null> {
    if (running.current) return null;
    running.current = true;
    setBusy(true);
    setError('');
    setData(null);
    let outcome: MutationOutcome<T>;
    try {
      outcome = await request(...args);
    } catch (thrown) {
      running.current = false;
      setBusy(false);
      throw thrown;
    }
    if (outcome.ok) setData(outcome.data);
    else setError(outcome.message);
    if (!outcome.ok || !leavesPage) {
      running.current = false;
      setBusy(false);
    }
    return outcome;
  }

  function reset() {
    setError('');
    setData(null);
  }

  return { run, busy, error, data, reset };
}
