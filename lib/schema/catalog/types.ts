// The built-in schema catalog as lib/schema sees it: the entries (SchemaStore's name, description and
// fileMatch patterns of each schema it hosts), and a source of the schemas themselves. Where the
// schemas come from is the caller's: files bundled with the server and the CLI (lib/catalog), or, in
// the playground's worker, what the page fetched from this site's GET /api/schemas/{id}.
import type { Draft } from '../drafts';

/** A schema of the catalog: SchemaStore's entry, with the id it is served and named by here. */
export interface CatalogEntry {
  /** The schema file's name without `.json` (`github-workflow`, `tsconfig`): GET /api/schemas/{id}. */
  id: string;
  /** SchemaStore's name (`GitHub Workflow`, `tsconfig.json`). */
  name: string;
  description: string;
  /** SchemaStore's file patterns (`**\/.github/workflows/*.yml`), matched by lib/schema/catalog/file-match.ts. */
  fileMatch: string[];
  /** Where SchemaStore serves it (`https://json.schemastore.org/<id>.json`): what its `$ref`s and `$id` name. */
  url: string;
  /** The draft its `$schema` names (draft-07 when it names none). */
  draft: Draft;
  /** Why it cannot be used, when it cannot (a `$ref` to a schema hosted outside the catalog); absent otherwise. */
  unusable?: string;
}

/** A catalog entry whose schema SchemaStore lists at another host: not built in, never fetched. */
export interface ExternalEntry {
  name: string;
  description: string;
  fileMatch: string[];
  url: string;
}

/** The catalog's entries and its schemas. */
export interface CatalogSource {
  readonly entries: readonly CatalogEntry[];
  readonly external: readonly ExternalEntry[];
  /**
   * The schema of a bundled file (an entry's, or one an entry's `$ref`s name), as a new object on each
   * call (compiling may change it); undefined when the catalog has no such file. May throw when the
   * caller cannot have it (the playground's worker: not fetched yet).
   */
  schema(id: string): object | undefined;
}
