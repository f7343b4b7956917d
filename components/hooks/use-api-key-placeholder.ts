'use client';
// The key to show in example commands: the signed-in user's first active key as `yj_AbC12345...`
// (its display prefix, never the secret), or YOUR_API_KEY.
import { useSession } from 'next-auth/react';
import { API_KEY_PLACEHOLDER } from '@/lib/web/curl-command';
import { useResource } from './use-resource';

interface KeysBody {
  keys: Array<{ prefix: string; revokedAt: string | null }>;
}

export function useApiKeyPlaceholder(): string {
  const { status } = useSession();
  const { data } = useResource<KeysBody>(status === 'authenticated' ? '/api/dashboard/keys' : null);
  const key = data?.keys.find((k) => k.revokedAt === null);
  return key ? `${key.prefix}...` : API_KEY_PLACEHOLDER;
}
