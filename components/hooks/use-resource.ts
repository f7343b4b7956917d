'use client';
// One dashboard resource loaded with GET (like SWR's useSWR): data, error, loading and reload. The newest load wins:
// a reload or a new URL aborts the load in flight, and so does leaving the page, so an older answer never replaces a
// newer one. The data belongs to its URL: a new URL starts empty; a reload keeps the data shown until its answer.
import { type SetStateAction, useCallback, useEffect, useRef, useState } from 'react';
import { fetchJson } from '@/lib/web/fetch-json';

export interface Resource<T> {
  data: T | null;
  /** The last load's failure message, or ''; the data of an earlier load stays. */
  error: string;
  /** A load is in flight (the first one, or a reload). */
  loading: boolean;
  /** Loads again; resolves when the answer is in, or when a newer load or leaving the page replaced it. */
  reload: () => Promise<void>;
  /** Changes the data in place after a change the page made itself (SWR's mutate without loading again). */
  setData: (next: SetStateAction<T | null>) => void;
}

interface Loaded<T> {
  url: string | null;
  data: T | null;
  error: string;
  loading: boolean;
}

/** `url` null: nothing to load (yet). */
export function useResource<T>(url: string | null): Resource<T> {
  const [loaded, setLoaded] = useState<Loaded<T>>({ url: null, data: null, error: '', loading: false });
  const inFlight = useRef<AbortController | null>(null);

  const load = useCallback(async (target: string) => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setLoaded((s) => (s.url === target ? { ...s, loading: true } : { url: target, data: null, error: '', loading: true }));
    const result = await fetchJson<T>(target, { signal: controller.signal });
    if (controller.signal.aborted) return;
    inFlight.current = null;
    setLoaded((s) => (result.ok ? { url: target, data: result.data, error: '', loading: false } : { ...s, error: result.message, loading: false }));
  }, []);

  useEffect(() => {
    if (url === null) return;
    void load(url);
    return () => {
      inFlight.current?.abort();
      inFlight.current = null;
    };
  }, [url, load]);

  const reload = useCallback(() => (url === null ? Promise.resolve() : load(url)), [url, load]);
  const setData = useCallback((next: SetStateAction<T | null>) => {
    setLoaded((s) => ({ ...s, data: typeof next === 'function' ? (next as (data: T | null) => T | null)(s.data) : next }));
  }, []);

  // Until the effect has started the load of a new URL, the state still holds the old URL's.
  const current = loaded.url === url;
  return {
    data: current ? loaded.data : null,
    error: current ? loaded.error : '',
    loading: current ? loaded.loading : url !== null,
    reload,
    setData,
  };
}
