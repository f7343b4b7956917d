// The built-in schema catalog in the playground's converter worker: the list (GET /api/schemas) and
// the schemas a check needs (GET /api/schemas/{id}, the entry's and every one its `$ref`s reach),
// fetched from this site only, on first need, and kept for the worker's life (the answers are
// cacheable: a day, with an ETag, so a new worker finds them in the browser's cache). Before a job
// runs, `prepare` fetches what its `schema` names; the check itself is then synchronous, as on the
// server (lib/schema with this as its CatalogSource).
import type { ValidateRequest } from '@/lib/converter';
import { findEntry, looksLikeName } from '@/lib/schema/catalog/choose';
import { matchFileName } from '@/lib/schema/catalog/file-match';
import type { CatalogEntry, CatalogSource, ExternalEntry } from '@/lib/schema/catalog/types';
import { prepareCatalogSchema } from '@/lib/schema/catalog/uris';

interface CatalogList {
  schemas: CatalogEntry[];
  external: ExternalEntry[];
  files: string[];
}

type FetchJson = (path: string) => Promise<unknown>;

/** A GET of this site's API, its JSON body, or an Error saying what the server answered. */
const fetchSameSite: FetchJson = async (path) => {
  const response = await fetch(path, { credentials: 'omit' });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return response.json();
};

export class BrowserCatalog implements CatalogSource {
  private list: CatalogList | null = null;
  private files = new Set<string>();
  /** Each fetched schema's JSON text: `schema()` parses a fresh copy (compiling rewrites references in place). */
  private readonly texts = new Map<string, string>();

  constructor(private readonly fetchJson: FetchJson = fetchSameSite) {}

  get entries(): readonly CatalogEntry[] {
    return this.list?.schemas ?? [];
  }

  get external(): readonly ExternalEntry[] {
    return this.list?.external ?? [];
  }

  schema(id: string): object | undefined {
    const text = this.texts.get(id);
    if (text !== undefined) return JSON.parse(text) as object;
    if (!this.files.has(id)) return undefined;
    throw new Error(`the catalog schema "${id}" was not fetched before the check`);
  }

  /** Whether a validate request names the catalog (a name or id, or "auto"): then `prepare` must run first. */
  static wanted(request: ValidateRequest): boolean {
    return typeof request.schema === 'string' && (request.schema.trim().toLowerCase() === 'auto' || looksLikeName(request.schema));
  }

  /**
   * Fetches the list, and the schemas the request's `schema` names (with those they refer to). Whatever
   * it cannot find (an unknown name, no match) is left for the check to refuse in the API's words.
   */
  async prepare(request: ValidateRequest & { filename?: string }): Promise<void> {
    if (this.list === null) {
      this.list = (await this.fetchJson('/api/schemas')) as CatalogList;
      this.files = new Set(this.list.files);
    }
    const entry = this.entryFor(request);
    if (entry !== undefined && entry.unusable === undefined) await this.fetchClosure(entry.id);
  }

  private entryFor(request: ValidateRequest & { filename?: string }): CatalogEntry | undefined {
    const schema = String(request.schema).trim();
    if (schema.toLowerCase() !== 'auto') return findEntry(this, schema);
    if (!request.filename) return undefined;
    const match = matchFileName<CatalogEntry | ExternalEntry>([...this.entries, ...this.external], request.filename);
    return match !== null && 'id' in match.entry ? match.entry : undefined;
  }

  private async fetchClosure(id: string): Promise<void> {
    const queue = [id];
    while (queue.length > 0) {
      const batch = queue.splice(0).filter((next) => !this.texts.has(next) && this.files.has(next));
      const fetched = await Promise.all(batch.map(async (next) => [next, await this.fetchJson(`/api/schemas/${encodeURIComponent(next)}`)] as const));
      for (const [next, schema] of fetched) {
        this.texts.set(next, JSON.stringify(schema));
        const copy = JSON.parse(JSON.stringify(schema)) as Record<string, unknown>;
        const draft04 = typeof copy.$schema === 'string' && copy.$schema.includes('draft-04');
        for (const named of prepareCatalogSchema(next, copy, draft04, (name) => this.files.has(name))) {
          if (!this.texts.has(named)) queue.push(named);
        }
      }
    }
  }
}
