// Services for tests that call guards, handlers or withApi in-process (the server builds its own in
// scripts/serve.ts). The configuration is parsed from `env` like the server's; every part a test does
// not give fails loudly when used, so a test states what it relies on.
import { BodyGate } from '@/lib/api/body-gate';
import { loadConfig } from '@/lib/config';
import { PublicSite } from '@/lib/http/public-site';
import { silentLogger } from '@/lib/observability/logger';
import { Metrics } from '@/lib/observability/metrics';
import { AuthChanges } from '@/lib/services/auth-changes';
import { installServices, uninstallServices } from '@/lib/services/seam';
import type { Services } from '@/lib/services/services';

function missing<T extends object>(name: string): T {
  return new Proxy({} as T, {
    get(_target, property) {
      throw new Error(`this test's services have no ${name} (asked for ${String(property)}): pass one to testServices()`);
    },
  });
}

export function testServices(parts: Partial<Services> & { env?: Record<string, string> } = {}): Services {
  const { env = {}, ...given } = parts;
  const config = given.config ?? loadConfig(env);
  return {
    config,
    dev: false,
    db: missing('database'),
    redis: null,
    quota: missing('quota store'),
    usage: missing('usage recorder'),
    findKeyOwner: () => Promise.reject(new Error("this test's services have no key lookup: pass findKeyOwner to testServices()")),
    keyLastUse: missing('key last-use writer'),
    sessionSecret: missing('session secret'),
    pool: missing('conversion pool'),
    bodyGate: new BodyGate({ ...config.largeBodies, uploadsPerAccount: config.uploadsPerAccount }),
    authChanges: new AuthChanges(),
    mail: missing('mail service'),
    site: new PublicSite(config.siteOrigin ?? 'http://localhost:3000'),
    billing: null,
    log: silentLogger(),
    metrics: new Metrics(),
    shutdown: async () => {},
    ...given,
  };
}

/** Installs `services` for the code that reads the seam (withApi, pages); returns the function that removes them. */
export function useServices(services: Services = testServices()): () => void {
  installServices(services);
  return uninstallServices;
}
