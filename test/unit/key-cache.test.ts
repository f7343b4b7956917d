// The in-memory key cache of the embedded mode: answers from memory after one lookup, forgets
// everything on invalidateAll (including what a lookup under way at that moment finds), never
// keeps "no such key", and never keeps a key's plaintext.
import { describe, expect, it, vi } from 'vitest';
import type { KeyOwner } from '@/lib/accounts/api-keys';
import { KeyCache } from '@/lib/accounts/key-cache';
import { hashApiKey, newApiKey } from '@/lib/accounts/ids';

const owner = (n = 1): KeyOwner => ({ keyId: `key_${n}`, prefix: 'yj_abcdefgh', userId: `usr_${n}`, plan: 'free', expiresAtMs: null });

function deferred<T>(): { promise: Promise<T>; resolve(value: T): void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('KeyCache', () => {
  it('answers a known key from memory after one lookup; concurrent misses share that lookup', async () => {
    const lookup = vi.fn(async () => owner());
    const cache = new KeyCache(lookup);
    const { secret } = newApiKey();
    expect(await Promise.all([cache.get(secret), cache.get(secret), cache.get(secret)])).toStrictEqual([owner(), owner(), owner()]);
    expect(await cache.get(secret)).toStrictEqual(owner());
    expect(lookup).toHaveBeenCalledTimes(1);
    expect(lookup).toHaveBeenCalledWith(secret);
    expect(cache.size).toBe(1);
  });

  it('invalidateAll makes the next call look the key up again', async () => {
    const lookup = vi.fn(async (): Promise<KeyOwner | null> => owner());
    const cache = new KeyCache(lookup);
    const { secret } = newApiKey();
    await cache.get(secret);
    cache.invalidateAll();
    expect(cache.size).toBe(0);
    lookup.mockResolvedValueOnce(null); // revoked meanwhile
    expect(await cache.get(secret)).toBeNull();
    expect(lookup).toHaveBeenCalledTimes(2);
  });

  it('a lookup under way when invalidateAll runs is not kept, and later calls do not join it', async () => {
    const first = deferred<KeyOwner | null>();
    const second = deferred<KeyOwner | null>();
    const lookup = vi.fn().mockReturnValueOnce(first.promise).mockReturnValueOnce(second.promise);
    const cache = new KeyCache(lookup);
    const { secret } = newApiKey();
    const before = cache.get(secret);
    cache.invalidateAll(); // the key is revoked while the first lookup runs
    const after = cache.get(secret);
    expect(lookup).toHaveBeenCalledTimes(2);
    first.resolve(owner()); // read before the revocation
    second.resolve(null);
    expect(await before).toStrictEqual(owner());
    expect(await after).toBeNull();
    expect(cache.size).toBe(0);
    lookup.mockResolvedValueOnce(null);
    expect(await cache.get(secret)).toBeNull();
    expect(lookup).toHaveBeenCalledTimes(3);
  });

  it('does not keep unknown keys or failed lookups', async () => {
    const lookup = vi.fn(async (): Promise<KeyOwner | null> => null);
    const cache = new KeyCache(lookup);
    const { secret } = newApiKey();
    expect(await cache.get(secret)).toBeNull();
    expect(await cache.get(secret)).toBeNull();
    expect(cache.size).toBe(0);
    lookup.mockRejectedValueOnce(new Error('database down'));
    await expect(cache.get(secret)).rejects.toThrow('database down');
    lookup.mockResolvedValueOnce(owner());
    expect(await cache.get(secret)).toStrictEqual(owner());
    expect(lookup).toHaveBeenCalledTimes(4);
    expect(cache.size).toBe(1);
  });

  it('keeps entries under the key’s SHA-256, never the key itself', async () => {
    const cache = new KeyCache(async () => owner());
    const { secret } = newApiKey();
    await cache.get(secret);
    const keys = [...cache['owners'].keys(), ...cache['lookups'].keys()];
    expect(keys).toStrictEqual([hashApiKey(secret)]);
    expect(keys.some((k) => k.includes(secret.slice(3)))).toBe(false);
  });

  it('holds at most maxEntries, dropping the oldest', async () => {
    const lookup = vi.fn(async (secret: string) => ({ ...owner(), keyId: secret }));
    const cache = new KeyCache(lookup, { maxEntries: 2 });
    const [a, b, c] = [newApiKey().secret, newApiKey().secret, newApiKey().secret];
    for (const s of [a, b, c]) await cache.get(s!);
    expect(cache.size).toBe(2);
    await cache.get(c!);
    await cache.get(b!);
    expect(lookup).toHaveBeenCalledTimes(3);
    await cache.get(a!);
    expect(lookup).toHaveBeenCalledTimes(4);
    expect(cache.size).toBe(2);
  });
});
