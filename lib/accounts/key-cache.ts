// API keys' owners in memory, for the process that owns the embedded database: a key is looked up
// once, then answered from here until the database reports a change that can alter any answer (a
// NOTIFY on yamljson_auth, seen before the changing client's COMMIT is answered; see
// lib/db/embedded.ts), and then everything is dropped. Only positive answers are kept, so a new
// key works at once and unknown keys cannot fill the memory. Entries are keyed by the key's
// SHA-256, never by the key itself. A key's expiry is no change the database reports: a cached owner is
// checked against it on every answer, and an expired one is dropped and refused.
import { type KeyOwner, ownerValidAt } from './api-keys';
import { hashApiKey } from './ids';

export const KEY_CACHE_MAX_ENTRIES = 100_000;

export class KeyCache {
  private readonly owners = new Map<string, KeyOwner>();
  /** Lookups under way, shared by concurrent misses of the same key. */
  private readonly lookups = new Map<string, Promise<KeyOwner | null>>();
  /** Bumped by invalidateAll: a lookup started before then may have read the old rows. */
  private generation = 0;
  private readonly maxEntries: number;

  constructor(
    private readonly lookup: (secret: string) => Promise<KeyOwner | null>,
    options: { maxEntries?: number } = {},
    private readonly now: () => number = Date.now,
  ) {
    this.maxEntries = options.maxEntries ?? KEY_CACHE_MAX_ENTRIES;
  }

  get size(): number {
    return this.owners.size;
  }

  get(secret: string): Promise<KeyOwner | null> {
    const hash = hashApiKey(secret);
    const cached = this.owners.get(hash);
    if (cached) {
      if (ownerValidAt(cached, this.now())) return Promise.resolve(cached);
      this.owners.delete(hash);
      return Promise.resolve(null);
    }
    const running = this.lookups.get(hash);
    if (running) return running.then((owner) => (owner && ownerValidAt(owner, this.now()) ? owner : null));
    const generation = this.generation;
    const owner = this.lookup(secret).finally(() => {
      if (this.lookups.get(hash) === owner) this.lookups.delete(hash);
    });
    this.lookups.set(hash, owner);
    void owner.then(
      (found) => {
        if (found && generation === this.generation) this.store(hash, found);
      },
      () => {}, // the callers get the error
    );
    return owner;
  }

  /** Drops every answer, and keeps lookups already under way from storing theirs. */
  invalidateAll(): void {
    this.generation++;
    this.owners.clear();
    this.lookups.clear();
  }

  private store(hash: string, owner: KeyOwner): void {
    if (this.owners.size >= this.maxEntries) this.owners.delete(this.owners.keys().next().value!);
    this.owners.set(hash, owner);
  }
}
