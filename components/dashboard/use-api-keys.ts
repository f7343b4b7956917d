'use client';
// The dashboard's key list: the first page of 100 keys, "Load more" appending the next ones, and the changes the
// page makes itself (a created, renamed, revoked or deleted key) applied in place, so the pages loaded stay.
import { useCallback } from 'react';
import { useApiMutation } from '@/components/hooks/use-api-mutation';
import { useResource } from '@/components/hooks/use-resource';
import type { ApiKeyPage, ApiKeyView } from '@/lib/web/dashboard-types';
import { fetchJson } from '@/lib/web/fetch-json';

const nextPage = (cursor: string) => fetchJson<ApiKeyPage>(`/api/dashboard/keys?cursor=${encodeURIComponent(cursor)}`);

export function useApiKeys() {
  const { data: page, error, setData: setPage } = useResource<ApiKeyPage>('/api/dashboard/keys');
  const more = useApiMutation(nextPage);

  async function loadMore(): Promise<void> {
    if (!page?.nextCursor) return;
    const outcome = await more.run(page.nextCursor);
    if (!outcome?.ok) return;
    setPage((shown) => {
      const keys = shown?.keys ?? [];
      const seen = new Set(keys.map((k) => k.id));
      return { keys: [...keys, ...outcome.data.keys.filter((k) => !seen.has(k.id))], nextCursor: outcome.data.nextCursor };
    });
  }

  const changed = useCallback(
    (key: ApiKeyView) =>
      setPage((shown) => {
        const keys = shown?.keys ?? [];
        const next = keys.some((k) => k.id === key.id) ? keys.map((k) => (k.id === key.id ? key : k)) : [key, ...keys];
        return { keys: next, nextCursor: shown?.nextCursor ?? null };
      }),
    [setPage],
  );

  const deleted = useCallback(
    (id: string) => setPage((shown) => ({ keys: (shown?.keys ?? []).filter((k) => k.id !== id), nextCursor: shown?.nextCursor ?? null })),
    [setPage],
  );

  return {
    keys: page?.keys ?? null,
    error: more.error || error,
    hasMore: page?.nextCursor != null,
    loadingMore: more.busy,
    loadMore,
    changed,
    deleted,
  };
}
