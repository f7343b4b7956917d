// The site's public origin: what every link in a mail starts with, and the one host whose requests may
// cause a mail. It comes from the configuration (NEXTAUTH_URL) or, in the embedded default with nothing
// configured, from the address the server listens on (scripts/serve.ts tells it once listening). It is
// never taken from a request: a Host header is the client's to write, and a reset link built from it
// sends the victim's token to whoever wrote it.

/** Host names that mean this machine: the embedded default listening on them (or on every interface) answers to each. */
const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/** Listening on every interface: the links say localhost. */
const WILDCARD_HOSTS = new Set(['', '0.0.0.0', '::', '[::]']);

export class PublicSite {
  #origin: string | undefined;
  #hosts: ReadonlySet<string> = new Set();

  /** True when NEXTAUTH_URL gave the origin (rather than the listening address). */
  readonly configured: boolean;

  /** `configuredOrigin`: NEXTAUTH_URL's origin (config.siteOrigin), or undefined until the server listens. */
  constructor(configuredOrigin: string | undefined) {
    this.configured = configuredOrigin !== undefined;
    if (configuredOrigin !== undefined) this.#set(configuredOrigin, [new URL(configuredOrigin).host]);
  }

  /**
   * The embedded default's origin, from where the server listens (`hostname` as given to -H, none:
   * every interface). Ignored when an origin was configured.
   */
  listening(hostname: string | undefined, port: number): void {
    if (this.configured) return;
    const name = bracketed((hostname ?? '').trim().toLowerCase());
    if (WILDCARD_HOSTS.has(name) || LOOPBACK_NAMES.includes(name)) {
      const shown = WILDCARD_HOSTS.has(name) ? 'localhost' : name;
      this.#set(
        `http://${shown}:${port}`,
        LOOPBACK_NAMES.map((loopback) => `${loopback}:${port}`),
      );
    } else {
      this.#set(`http://${name}:${port}`, [`${name}:${port}`]);
    }
  }

  /** The origin links start with, e.g. `https://yamljson.example.com` (no trailing slash). */
  get origin(): string {
    if (this.#origin === undefined)
      throw new Error('PublicSite: the origin is not known before the server listens (scripts/serve.ts calls listening()).');
    return this.#origin;
  }

  /**
   * Whether a request's host (a trusted proxy's X-Forwarded-Host, else Host) is this site's. Mail is
   * sent only for such requests: anything else is a client naming a host of its choosing.
   */
  servesHost(host: string | null | undefined): boolean {
    if (!host || this.#origin === undefined) return false;
    const normalized = normalizeHost(host.split(',')[0]!.trim(), new URL(this.#origin).protocol);
    return normalized !== null && this.#hosts.has(normalized);
  }

  #set(origin: string, hosts: string[]): void {
    const url = new URL(origin);
    this.#origin = url.origin;
    this.#hosts = new Set(hosts.map((host) => normalizeHost(host, url.protocol)).filter((host): host is string => host !== null));
  }
}

/** An IPv6 literal gets its brackets (`::1` -> `[::1]`). */
function bracketed(name: string): string {
  return name.includes(':') && !name.startsWith('[') ? `[${name}]` : name;
}

/** `Host` as URL parsing writes it (lower case, the scheme's default port dropped), or null when it is not a host. */
function normalizeHost(host: string, protocol: string): string | null {
  if (!host || /[/?#@\s]/.test(host)) return null;
  try {
    return new URL(`${protocol}//${host}`).host;
  } catch {
    return null;
  }
}
