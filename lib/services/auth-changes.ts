// The embedded database's notifications of changes that can alter who a key belongs to (a revoked
// key, a plan change, a disabled account: NOTIFY yamljson_auth, lib/db/embedded.ts), passed from the
// database's server to the key cache, in the one process that owns the database.
export class AuthChanges {
  readonly #listeners = new Set<(channel: string) => void>();

  /** Called for each NOTIFY the embedded database sends. */
  publish(channel: string): void {
    for (const listener of this.#listeners) listener(channel);
  }

  /** Returns the function that stops listening. */
  subscribe(listener: (channel: string) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
