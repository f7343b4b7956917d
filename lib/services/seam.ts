// The one way from the code that runs a request to the services lib/http/server.ts built. The server
// runs two copies of lib/: its own bundle's (build/server.mjs: the services and the API front) and
// Next.js's (pages, route files), so a module-level variable would be one per copy; the object is
// kept on globalThis under one registered symbol instead, and this file is the only one in lib/
// that touches globalThis (ARCHITECTURE.md, "One process, two copies of lib/").
// Order: the server parses the configuration, opens the database, builds the services, installs
// them, then prepares Next.js; nothing reads them while modules load (`next build` imports the app
// without any).
import type { Services } from './services';

export type { Services } from './services';

const KEY = Symbol.for('yamljson.services');
const holder = globalThis as typeof globalThis & { [KEY]?: Services };

/** Makes `services` the process's (scripts/serve.ts, at start; tests that call handlers in-process). */
export function installServices(services: Services): void {
  holder[KEY] = services;
}

/** Forgets the installed services (tests). */
export function uninstallServices(): void {
  delete holder[KEY];
}

/** The process's services; throws when none were installed. */
export function services(): Services {
  const installed = holder[KEY];
  if (!installed) {
    throw new Error(
      'yamljson services are not installed: start the app with `npm start` or `npm run dev` (lib/http/server.ts builds them and calls ' +
        'installServices() before Next.js or the API front runs); a test that calls handlers in-process installs its own (test/helpers/services.ts).',
    );
  }
  return installed;
}
