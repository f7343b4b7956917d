// The server runs two copies of lib/ (its own bundle and Next.js's). What must be one per process lives in
// the services object both copies are handed, never in a module: two copies of a module then count together.
import { describe, expect, it, vi } from 'vitest';
import { BodyGate } from '@/lib/api/body-gate';
import type { ApiContext, ApiRequest } from '@/lib/api/with-api';
import type { Db } from '@/lib/db/client';
import { KeyLastUse } from '@/lib/accounts/api-keys';
import { silentLogger } from '@/lib/observability/logger';
import { testServices } from '../helpers/services';

/** A fresh copy of a module, as another bundle would load it. */
async function copyOf<T>(load: () => Promise<T>): Promise<T> {
  vi.resetModules();
  return load();
}

const OWNER = { keyId: 'key_one', prefix: 'yj_abcdefgh', userId: 'usr_one', plan: 'free' as const, expiresAtMs: null };

function keyedContext(services: ReturnType<typeof testServices>): ApiContext {
  return { requestId: 'req_x', params: {}, services, maxInputBytes: 1_000, responseHeaders: {}, inputBytes: 0 };
}

const keyed: ApiRequest = {
  method: 'POST',
  url: 'http://x/api/convert',
  headers: { get: (name) => (name.toLowerCase() === 'authorization' ? 'Bearer yj_secret' : null) },
  signal: new AbortController().signal,
  body: null,
};

describe('state that is one per process', () => {
  it("a key's last use is written once a minute per process, whichever copy of the key guard sees the calls", async () => {
    const updates: string[] = [];
    const db = { apiKey: { update: async ({ where }: { where: { id: string } }) => updates.push(where.id) } } as unknown as Db;
    const services = testServices({ findKeyOwner: async () => OWNER, keyLastUse: new KeyLastUse(db, silentLogger()) });
    const first = await copyOf(() => import('@/lib/api/guards'));
    const second = await copyOf(() => import('@/lib/api/guards'));
    expect(first.requireApiKey).not.toBe(second.requireApiKey);
    for (const copy of [first, second, first, second]) await copy.requireApiKey(keyed, keyedContext(services));
    await vi.waitFor(() => expect(updates).toStrictEqual(['key_one']));
  });

  it('the bytes request bodies hold are counted in the one body gate, whichever copy of the reader reads them', async () => {
    const gate = new BodyGate({ perAccount: 4, total: 32 });
    const readers = [await copyOf(() => import('@/lib/api/read-body')), await copyOf(() => import('@/lib/api/read-body'))];
    const releases: Array<() => void> = [];
    const reads = readers.map((reader) => {
      let release!: () => void;
      const waiting = new Promise<void>((resolve) => (release = resolve));
      releases.push(release);
      let sent = false;
      const request: ApiRequest = {
        method: 'POST',
        url: 'http://x/api/convert',
        headers: { get: (name) => (name.toLowerCase() === 'content-type' ? 'application/json' : null) },
        signal: new AbortController().signal,
        body: {
          openReader: () => ({
            async read() {
              if (sent) {
                await waiting;
                return { done: true, value: undefined };
              }
              sent = true;
              return { done: false, value: new TextEncoder().encode('{"input":"a: 1"}') };
            },
            cancel: async () => {},
          }),
        },
      };
      return reader.readJsonBodyBytes(request, 1_000, { gate });
    });
    // Each reader holds its first block (64 KiB at most, the cap here being 2 x 1,000 + 1 MiB): both are counted.
    await vi.waitFor(() => expect(gate.heldBytes).toBe(2 * 64 * 1024));
    for (const release of releases) release();
    await Promise.all(reads);
    expect(gate.heldBytes).toBe(0);
  });
});
