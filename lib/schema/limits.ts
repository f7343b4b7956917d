// Bounds of a user's JSON Schema (POST /api/validate `schema`, the playground's schema pane). A schema
// past one is refused with 400 before ajv compiles it: compiling generates code whose size follows the
// schema's, and a request must not make the server build megabytes of functions.

/** Schema text (its JSON form, UTF-16 units): 256 KB holds any real-world schema (Kubernetes' full Deployment schema is ~60 KB). */
export const MAX_SCHEMA_CHARS = 256 * 1024;

/** Nesting of the schema's objects and arrays; real schemas nest under 30. */
export const MAX_SCHEMA_DEPTH = 64;

/** Objects and arrays in the schema (each subschema is at least one): bounds ajv's generated code. */
export const MAX_SCHEMA_NODES = 20_000;

/** Compiled schemas kept (an LRU): the playground and a client re-sending one schema hit it. */
export const SCHEMA_CACHE_ENTRIES = 64;

/** The cache's bound in schema text (UTF-16 units, summed over entries); the compiled code is a few times that. */
export const SCHEMA_CACHE_CHARS = 4 * 1024 * 1024;
