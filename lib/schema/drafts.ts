// The JSON Schema drafts this service reads, how a schema names its own (`$schema`), and the ajv
// instance each one is compiled by: draft-04 (ajv-draft-04), draft-06 and draft-07 (ajv's default
// class, with the draft-06 meta-schema added), 2019-09 (ajv's 2019 class, which also reads draft-07)
// and 2020-12 (ajv's 2020 class). Universal like the rest of lib/schema.
import Ajv, { type Options } from 'ajv';
import Ajv2019 from 'ajv/dist/2019';
import Ajv2020 from 'ajv/dist/2020';
import draft06MetaSchema from 'ajv/dist/refs/json-schema-draft-06.json';
import draft07MetaSchema from 'ajv/dist/refs/json-schema-draft-07.json';
import type { RegExpEngine } from 'ajv/dist/types';
import AjvDraft04 from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { ConversionError } from '@/lib/converter';
import { uniqueItemsKeyword } from './unique-items';

export type Draft = 'draft-04' | 'draft-06' | 'draft-07' | '2019-09' | '2020-12';

/** Each draft's `$schema`, as its meta-schema names itself. */
export const DRAFT_URIS: Readonly<Record<Draft, string>> = {
  'draft-04': 'http://json-schema.org/draft-04/schema#',
  'draft-06': 'http://json-schema.org/draft-06/schema#',
  'draft-07': 'http://json-schema.org/draft-07/schema#',
  '2019-09': 'https://json-schema.org/draft/2019-09/schema',
  '2020-12': 'https://json-schema.org/draft/2020-12/schema',
};

/** `$schema` values without scheme and trailing `#` (both schemes and both forms are written in real schemas). */
const DRAFT_BY_KEY: ReadonlyMap<string, Draft> = new Map([
  ...(Object.entries(DRAFT_URIS) as Array<[Draft, string]>).map(([draft, uri]) => [keyOf(uri), draft] as const),
  // The unversioned name ("the latest draft"), which generators wrote when that was draft-04 and still
  // write: kubernetes-json-schema's Kubernetes schemas (openapi2jsonschema) carry it, and are draft-04.
  ['json-schema.org/schema', 'draft-04'],
]);

function keyOf(uri: string): string {
  return uri.replace(/^https?:\/\//, '').replace(/#$/, '');
}

/** The 2019-09 and 2020-12 vocabularies (`dependentSchemas`, `$recursiveRef`/`$dynamicRef`, `$anchor`...). */
export function isModernDraft(draft: Draft): boolean {
  return draft === '2019-09' || draft === '2020-12';
}

/**
 * The draft a schema asks for with `$schema`; `fallback` when it names none (a user's schema:
 * 2020-12; a catalog schema: draft-07, what SchemaStore's schemas without one are written in).
 * Another `$schema` is refused with 400.
 */
export function draftOf(schema: object | boolean, fallback: Draft = '2020-12'): Draft {
  if (typeof schema === 'boolean' || !('$schema' in schema)) return fallback;
  const uri = (schema as { $schema?: unknown }).$schema;
  const draft = typeof uri === 'string' ? DRAFT_BY_KEY.get(keyOf(uri)) : undefined;
  if (draft === undefined) {
    const accepted = (Object.keys(DRAFT_URIS) as Draft[]).map((d) => `"${DRAFT_URIS[d]}" (${d})`).join(', ');
    throw new ConversionError(
      'bad_request',
      `The schema's "$schema" ${JSON.stringify(uri)} is not a draft this service reads; accepted: ${accepted}; none means 2020-12.`,
    );
  }
  return draft;
}

/** Whether a `$schema` value names a draft this service reads (a catalog schema's references are checked with it). */
export function knownDraft(uri: unknown): Draft | undefined {
  return typeof uri === 'string' ? DRAFT_BY_KEY.get(keyOf(uri)) : undefined;
}

const BASE_OPTIONS: Options = {
  // Every violation, not the first (cut at MAX_ERRORS by the caller).
  allErrors: true,
  // Real schemas carry keywords of their own (x-kubernetes-*, descriptions in odd places): ignored, not refused.
  strict: false,
  // No console output from a library in a server or a browser worker.
  logger: false,
  // No `loadSchema`: ajv never fetches a schema; `$data` off (a value deciding a regex is a ReDoS door).
  $data: false,
};

/**
 * A new ajv instance for a draft: formats checked, `uniqueItems` linear, patterns run by `regExp`.
 * Building one compiles its meta-schemas (a few milliseconds).
 */
export function newAjv(draft: Draft, regExp: RegExpEngine, options: Options = {}): Ajv {
  const all = { ...BASE_OPTIONS, ...options, code: { regExp } };
  let ajv: Ajv;
  switch (draft) {
    case 'draft-04':
      ajv = new AjvDraft04(all) as unknown as Ajv;
      break;
    case 'draft-06':
    case 'draft-07':
      ajv = new Ajv(all);
      ajv.addMetaSchema(draft06MetaSchema);
      break;
    case '2019-09':
      ajv = new Ajv2019(all);
      ajv.addMetaSchema(draft07MetaSchema);
      break;
    case '2020-12':
      ajv = new Ajv2020(all);
      break;
  }
  addFormats(ajv);
  // ajv's own compares object items pair by pair (quadratic); ours is linear, with the same errors.
  ajv.removeKeyword('uniqueItems');
  ajv.addKeyword(uniqueItemsKeyword);
  return ajv;
}
