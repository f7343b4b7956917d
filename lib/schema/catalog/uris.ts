// The addresses SchemaStore's schemas refer to each other by, and the catalog ids they mean. A schema
// names another as `https://json.schemastore.org/x.json`, `https://www.schemastore.org/x.json` (the
// same files), `http://` either, without `.json`, by SchemaStore's repository path, or relatively
// (`base.json#/definitions/path`) against its own `$id`. All of them resolve inside the catalog;
// nothing here or in ajv ever fetches one.

/** The address a catalog schema is registered under when compiled: what its references are rewritten to. */
export function canonicalUrl(id: string): string {
  return `https://json.schemastore.org/${id}.json`;
}

const HOSTED = /^https?:\/\/(?:www\.|json\.)?schemastore\.org\/([A-Za-z0-9._-]+?)(?:\.json)?$/;
const REPOSITORY = /^https:\/\/raw\.githubusercontent\.com\/SchemaStore\/schemastore\/(?:master|main)\/src\/schemas\/json\/([A-Za-z0-9._-]+?)\.json$/;

/** The catalog id an absolute address (no fragment) names, or undefined for any other address. */
export function catalogIdOfUrl(url: string): string | undefined {
  const match = HOSTED.exec(url) ?? REPOSITORY.exec(url);
  return match?.[1];
}

/** Keywords whose values are data, not schemas: a `$ref` in them is a string like any other. */
const DATA_KEYWORDS = new Set(['enum', 'const', 'default', 'examples']);

/** The id keyword of a draft: draft-04 says `id`, later drafts `$id`. */
function idKeyword(draft04: boolean): '$id' | 'id' {
  return draft04 ? 'id' : '$id';
}

/**
 * Rewrites a catalog schema (in place: the caller's fresh copy) so that ajv finds its references in the
 * catalog: its own `$id` set to its canonical address when it names a SchemaStore address or none (a
 * `$id` at another host is kept: the schema's own references use it), and every `$ref` naming a
 * catalog file by another spelling rewritten to the canonical one. Returns the catalog ids its
 * references name (relative ones resolved against its base), itself excluded.
 */
export function prepareCatalogSchema(id: string, schema: object, draft04: boolean, inCatalog: (id: string) => boolean): Set<string> {
  const root = schema as Record<string, unknown>;
  const key = idKeyword(draft04);
  const ownId = typeof root[key] === 'string' ? (root[key] as string) : undefined;
  const base = ownId === undefined || catalogIdOfUrl(ownId.replace(/#$/, '')) !== undefined ? canonicalUrl(id) : ownId;
  if (base === canonicalUrl(id)) root[key] = base;
  const named = new Set<string>();
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (Array.isArray(value)) {
      for (const item of value) if (typeof item === 'object' && item !== null) stack.push(item);
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    const node = value as Record<string, unknown>;
    if (typeof node.$ref === 'string') {
      const rewritten = rewriteRef(node.$ref, base, inCatalog);
      if (rewritten !== null) {
        node.$ref = rewritten.ref;
        if (rewritten.id !== id) named.add(rewritten.id);
      }
    }
    for (const [keyword, child] of Object.entries(node)) {
      if (typeof child === 'object' && child !== null && !DATA_KEYWORDS.has(keyword)) stack.push(child);
    }
  }
  return named;
}

/**
 * A reference to a catalog schema, canonical, with the id it names; null for any other reference (one
 * inside the schema, such as draft-04's `{"$ref": "path"}` to a subschema with `"id": "path"`, included).
 */
function rewriteRef(ref: string, base: string, inCatalog: (id: string) => boolean): { ref: string; id: string } | null {
  if (ref.startsWith('#')) return null;
  let absolute: URL;
  try {
    absolute = new URL(ref, base);
  } catch {
    return null;
  }
  const fragment = absolute.hash;
  absolute.hash = '';
  const id = catalogIdOfUrl(absolute.href);
  if (id === undefined || !inCatalog(id)) return null;
  return { ref: `${canonicalUrl(id)}${fragment}`, id };
}
