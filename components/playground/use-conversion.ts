'use client';
// The playground's live conversion: every new request (and Convert, on demand) goes to the web worker, the newest
// first (lib/web/converter-client.ts); its answer becomes the view the panes show. While the input is in error the
// output pane keeps the last good output of the same endpoint (lib/web/conversion-view.ts, toOutputPane).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ConverterClient, type ConverterRun } from '@/lib/web/converter-client';
import type { ConverterJob } from '@/lib/web/converter-protocol';
import { type ConversionView, toConversionView, toOutputPane } from '@/lib/web/conversion-view';
import { type PlaygroundRequest, type PlaygroundState, toPlaygroundRequest } from '@/lib/web/playground-state';

export interface ConversionResult extends ConverterRun {
  request: PlaygroundRequest;
}

function toJob(request: PlaygroundRequest): ConverterJob {
  return request.endpoint === '/api/convert' ? { kind: 'convert', request: request.body } : { kind: 'validate', request: request.body };
}

export function useConversion(state: PlaygroundState | null) {
  const client = useRef<ConverterClient | null>(null);
  const [result, setResult] = useState<ConversionResult | null>(null);
  const [busy, setBusy] = useState(false);
  /** Counts Convert presses: the same request runs again. */
  const [runs, setRuns] = useState(0);
  /** The last answer that was not an error, for the output pane while the input is in error. */
  const [lastGood, setLastGood] = useState<{ endpoint: PlaygroundRequest['endpoint']; view: ConversionView } | null>(null);

  // The worker lives as long as the page.
  useEffect(() => {
    client.current = new ConverterClient();
    return () => {
      client.current?.dispose();
      client.current = null;
    };
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs is the on-demand trigger; the effect does not read it
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
  }, [state, runs]);

  const view = useMemo(() => (result ? toConversionView(result.request, result.answer) : null), [result]);
  useEffect(() => {
    if (result && view && !view.failed) setLastGood({ endpoint: result.request.endpoint, view });
  }, [result, view]);
  const pane = toOutputPane(view, lastGood && result && lastGood.endpoint === result.request.endpoint ? lastGood.view : null);

  const convertAgain = useCallback(() => setRuns((n) => n + 1), []);
  return { result, view, pane, busy, convertAgain };
}
