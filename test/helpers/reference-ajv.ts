// The verdict plain ajv gives, for holding the service's schema checks to it: ajv's own classes and
// options (allErrors, no strict mode, ajv-formats), no RE2, no linear uniqueItems, no catalog. A
// SchemaStore schema and the SchemaStore schemas it refers to are read from the snapshot itself
// (../shared/schemastore), through ajv's own asynchronous loading: not from the built-in catalog,
// and not from the network (an address that is not SchemaStore's fails the load).
import fs from 'node:fs';
import path from 'node:path';
import Ajv, { type AnySchemaObject, type ErrorObject } from 'ajv';
import Ajv2019 from 'ajv/dist/2019';
import Ajv2020 from 'ajv/dist/2020';
import draft06 from 'ajv/dist/refs/json-schema-draft-06.json';
import draft07 from 'ajv/dist/refs/json-schema-draft-07.json';
import AjvDraft04 from 'ajv-draft-04';
import addFormats from 'ajv-formats';

export const SNAPSHOT = path.resolve(__dirname, '../../../shared/schemastore/schemas');

export interface Verdict {
  valid: boolean;
  /** Each error's keyword, sorted (ajv and the service word messages differently; the keywords are the same). */
  keywords: string[];
}

function ajvFor(schema: AnySchemaObject): Ajv {
  const uri = String(schema.$schema ?? '');
  const options = { allErrors: true, strict: false, logger: false as const, loadSchema: loadFromSnapshot };
  let ajv: Ajv;
  if (uri.includes('draft-04')) ajv = new AjvDraft04(options) as unknown as Ajv;
  else if (uri.includes('2019-09')) {
    ajv = new Ajv2019(options);
    ajv.addMetaSchema(draft07);
  } else if (uri.includes('2020-12')) ajv = new Ajv2020(options);
  else {
    ajv = new Ajv(options);
    ajv.addMetaSchema(draft06);
  }
  addFormats(ajv);
  return ajv;
}

/** SchemaStore's addresses, any spelling, read from the snapshot; anything else refused. */
async function loadFromSnapshot(uri: string): Promise<AnySchemaObject> {
  const match = /^https?:\/\/(?:www\.|json\.)?schemastore\.org\/([^/#?]+?)(?:\.json)?$/.exec(uri);
  if (!match) throw new Error(`reference ajv: ${uri} is not a SchemaStore schema`);
  return readSnapshotSchema(match[1]!) as AnySchemaObject;
}

export function readSnapshotSchema(id: string): object {
  return JSON.parse(fs.readFileSync(path.join(SNAPSHOT, `${id}.json`), 'utf8').replace(/^\uFEFF/, '')) as object;
}

const compiled = new Map<object, Promise<(value: unknown) => Verdict>>();

/** A verdict function for a schema object (compiled once per object). */
export function referenceValidator(schema: object): Promise<(value: unknown) => Verdict> {
  let made = compiled.get(schema);
  if (made === undefined) {
    made = ajvFor(schema as AnySchemaObject)
      .compileAsync(schema as AnySchemaObject)
      .then((validate) => (value: unknown) => {
        const valid = validate(value) as boolean;
        const errors: ErrorObject[] = validate.errors ?? [];
        return { valid, keywords: errors.map((error) => error.keyword).sort() };
      });
    compiled.set(schema, made);
  }
  return made;
}
