// What the server process tells the account services, whichever copy of them runs (the
// node:http front's bundle and Next.js's bundles each load their own): whether this process
// owns the embedded database, the database's auth-change notifications, and shutdown. Kept on
// globalThis, like the services themselves (lib/api/accounts-runtime.ts).

interface Hooks {
  embeddedOwner: boolean;
  authChangeListeners: Set<(channel: string) => void>;
  /** Set by accounts-runtime when the services exist: writes what is buffered. */
  shutdown?: () => Promise<void>;
}

const holder = globalThis as typeof globalThis & { __yamljsonHooks?: Hooks };

function hooks(): Hooks {
  holder.__yamljsonHooks ??= { embeddedOwner: false, authChangeListeners: new Set() };
  return holder.__yamljsonHooks;
}

/**
 * This process owns the embedded database: it is the only server on it, and it sees every
 * statement run on it (so it can keep quota counts and key lookups in memory).
 */
export function markEmbeddedOwner(): void {
  hooks().embeddedOwner = true;
}

export function isEmbeddedOwner(): boolean {
  return hooks().embeddedOwner;
}

/** Called for each NOTIFY the embedded database sends (revoked keys, plan changes, ...). */
export function publishAuthChange(channel: string): void {
  for (const listener of hooks().authChangeListeners) listener(channel);
}

export function onAuthChange(listener: (channel: string) => void): void {
  hooks().authChangeListeners.add(listener);
}

export function setAccountsShutdown(shutdown: () => Promise<void>): void {
  hooks().shutdown = shutdown;
}

/** Writes buffered usage counts; nothing to do if no account service was used. */
export async function shutdownAccounts(): Promise<void> {
  await hooks().shutdown?.();
}
