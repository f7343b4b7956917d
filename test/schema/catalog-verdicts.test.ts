// Real-looking workflows, charts, tsconfigs, dependabot configs, actions, package.json and .clasp.json
// files, valid and broken, checked against the built-in catalog by name and by file name: the verdict
// and the failed keywords are plain ajv's with SchemaStore's own files (test/helpers/reference-ajv.ts),
// and violations sit at their nodes. Compose files, Ansible playbooks and OpenAPI documents, whose
// schemas SchemaStore lists elsewhere (or refers to elsewhere), are checked with the schema passed by
// the user, and `auto` says why the catalog's cannot be used.
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { bundledCatalog } from '@/lib/catalog/bundled-catalog';
import { ConversionError } from '@/lib/converter';
import { validateDocument } from '@/lib/schema';
import { readSnapshotSchema, referenceValidator, type Verdict } from '../helpers/reference-ajv';
import { CATALOG_DOCUMENTS, USER_SCHEMA_DOCUMENTS } from './catalog-documents';

const catalog = bundledCatalog();

function documentValue(type: string, input: string): unknown {
  if (type === 'yaml') return parse(input);
  // The fixtures' comments and trailing commas hold no quotes: plain removal reads them as JSON.
  const json = type === 'jsonc' ? input.replace(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g, '').replace(/,(\s*[}\]])/g, '$1') : input;
  return JSON.parse(json);
}

function verdictOf(result: { valid: boolean; errors: Array<{ keyword?: string }> }): Verdict {
  return { valid: result.valid, keywords: result.errors.map((error) => error.keyword ?? 'syntax').sort() };
}

describe("catalog schemas give plain ajv's verdict on real-looking files", () => {
  it.each(CATALOG_DOCUMENTS.map((d) => [d.name, d] as const))('%s, by name and by file name', async (_name, document) => {
    const reference = (await referenceValidator(readSnapshotSchema(document.entry.id)))(documentValue(document.type, document.input));
    expect(reference.valid).toBe(document.valid);
    const byName = validateDocument({ input: document.input, type: document.type, schema: document.entry.name }, { catalog });
    const byId = validateDocument({ input: document.input, type: document.type, schema: document.entry.id.toUpperCase() }, { catalog });
    const byFile = validateDocument({ input: document.input, type: document.type, schema: 'auto', filename: document.filename }, { catalog });
    expect(verdictOf(byName)).toStrictEqual(reference);
    expect(byId).toStrictEqual(byName);
    expect({ ...byFile, schema: undefined }).toStrictEqual({ ...byName, schema: undefined });
    const used = { id: document.entry.id, name: document.entry.name, url: `https://json.schemastore.org/${document.entry.id}.json` };
    expect(byName.schema).toStrictEqual(used);
    expect(byFile.schema).toStrictEqual({ ...used, matchedPattern: expect.any(String) });
  });
});

describe('violations are placed at their nodes', () => {
  it('a workflow job without runs-on: at the job key; the step with uses and run; the timeout as text at its value', () => {
    const document = CATALOG_DOCUMENTS.find((d) => d.name === 'a broken workflow')!;
    const result = validateDocument({ input: document.input, type: 'yaml', schema: 'github-workflow' }, { catalog });
    const places = result.errors.map((e) => `${e.keyword} ${e.path} @${e.line}:${e.column}`);
    expect(places).toContain('required /jobs/build/runs-on @4:3');
    expect(places.some((place) => place.startsWith('type /jobs/build/timeout-minutes @5:22'))).toBe(true);
    expect(places.some((place) => /^\S+ \/jobs\/build\/steps\/0\S* @7:/.test(place))).toBe(true);
  });

  it('a chart version written as a number: at the number; the missing name: at the document', () => {
    const document = CATALOG_DOCUMENTS.find((d) => d.name === 'a broken Helm chart')!;
    const result = validateDocument({ input: document.input, type: 'yaml', schema: 'chart' }, { catalog });
    expect(result.errors.map((e) => `${e.code} ${e.path} @${e.line}:${e.column}`)).toStrictEqual([
      'SCHEMA_REQUIRED /name @1:1',
      'SCHEMA_TYPE /version @2:10',
      'SCHEMA_ENUM /type @3:7',
    ]);
  });

  it('package.json: a violation found through a $ref into another catalog schema (prettierrc) is placed in the package.json', () => {
    const document = CATALOG_DOCUMENTS.find((d) => d.name === 'a broken package.json')!;
    const result = validateDocument({ input: document.input, type: 'json', schema: 'package' }, { catalog });
    const places = result.errors.map((e) => `${e.path} @${e.line}:${e.column}`);
    expect(places).toContain('/prettier/printWidth @4:31');
    expect(places).toContain('/prettier/semi @4:47');
  });

  it('tsconfig (draft-04): a string for a boolean, at the string', () => {
    const document = CATALOG_DOCUMENTS.find((d) => d.name === 'a broken tsconfig')!;
    const result = validateDocument({ input: document.input, type: 'json', schema: 'tsconfig' }, { catalog });
    expect(result.errors.map((e) => `${e.path} @${e.line}:${e.column}`)).toContain('/compilerOptions/strict @3:15');
  });
});

const FIXTURES = path.join(__dirname, 'fixtures');

describe('formats SchemaStore lists elsewhere: the user passes the schema', () => {
  it.each(USER_SCHEMA_DOCUMENTS.map((d) => [d.name, d] as const))(
    "%s: ajv's verdict with the schema passed; auto says why not",
    async (_name, document) => {
      const file = document.schema.includes('/') ? path.resolve(__dirname, '../..', document.schema) : path.join(FIXTURES, document.schema);
      const schema = JSON.parse(fs.readFileSync(file, 'utf8')) as object;
      // The Compose schema names its draft "http://json-schema.org/draft/2019-09/schema#", which the service reads
      // as 2019-09 and plain ajv does not know: ajv is given the draft's own name.
      const named = {
        ...schema,
        $schema: String((schema as { $schema: string }).$schema).replace(
          /^http:\/\/json-schema\.org\/draft\/2019-09\/schema#$/,
          'https://json-schema.org/draft/2019-09/schema',
        ),
      };
      const reference = (await referenceValidator(named))(parse(document.input));
      expect(reference.valid).toBe(document.valid);
      const result = validateDocument({ input: document.input, type: 'yaml', schema }, { catalog });
      expect(verdictOf(result)).toStrictEqual(reference);
      expect(result.schema).toBeUndefined();
      let refusal: unknown;
      try {
        validateDocument({ input: document.input, type: 'yaml', schema: 'auto', filename: document.filename }, { catalog });
      } catch (err) {
        refusal = err;
      }
      expect(refusal).toBeInstanceOf(ConversionError);
      expect((refusal as ConversionError).code).toBe('bad_request');
      expect((refusal as ConversionError).message).toMatch(document.autoRefusal);
    },
  );
});
