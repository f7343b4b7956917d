'use client';
// The key to show in example commands: the signed-in user's first active key as `yj_AbC12345...`
// (its display prefix, never the secret), or YOUR_API_KEY.
import { useSession } from 'next-auth/react';
import { useEffect, useState } from 'react';
import { API_KEY_PLACEHOLDER } from '@/lib/web/curl-command';
import { fetchJson } from '@/lib/web/fetch-json';

interface KeysBody {
  keys: Array<{ prefix: string; revokedAt: string | null }>;
}

export function useApiKeyPlaceholder(): string {
  const { status } = useSession();
  const [placeholder, setPlaceholder] = useState(API_KEY_PLACEHOLDER);
  useEffect(() => {
    if (status !== 'authenticated') {
      setPlaceholder(API_KEY_PLACEHOLDER);
      return;
    }
    let live = true;
    fetchJson<KeysBody>('/api/dashboard/keys').then((result) => {
      if (!live || !result.ok) return;
      const key = result.data.keys.find((k) => k.revokedAt === null);
      setPlaceholder(key ? `${key.prefix}...` : API_KEY_PLACEHOLDER);
    });
    return () => {
      live = false;
    };
  }, [status]);
  return placeholder;
}
