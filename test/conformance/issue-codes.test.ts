/**
 * ISSUE_CODES is the whole list: every code the converter reports over the YAML test suite and
 * JSONTestSuite (each file read as YAML, JSON and JSONC, converted and validated) is in it, and
 * the OpenAPI document's enum on ValidationIssue.code is exactly it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { getOpenApiDocument } from '@/lib/api/openapi';
import { convert, decodeUtf8OrThrow, isConversionError, ISSUE_CODE_LIST, ISSUE_CODES, validate, type ValidationIssue } from '@/lib/converter';
import { locateInvalidUtf8 } from '@/lib/converter/utf8';
import { sharedPath } from '../helpers/shared-path';

/** Every input file of both suites, as bytes. */
function suiteFiles(): Array<[string, Uint8Array]> {
  const files: Array<[string, Uint8Array]> = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === 'in.yaml' || entry.name === 'in.json') files.push([full, new Uint8Array(fs.readFileSync(full))]);
    }
  };
  walk(sharedPath('conformance', 'yaml-test-suite'));
  const jsonDir = sharedPath('conformance', 'json-test-suite', 'test_parsing');
  for (const name of fs.readdirSync(jsonDir).sort())
    files.push([path.join(jsonDir, name), new Uint8Array(fs.readFileSync(path.join(jsonDir, name)))]);
  return files;
}

const YAML_READ_MAX = 32 * 1024;

/** Inputs made for the codes the suites hold no example of. */
const MADE: Array<[code: string, type: string, input: string]> = [
  ['UNTERMINATED_COMMENT', 'jsonc', '{"a": 1} /* never closed'],
  ['BAD_PROP_ORDER', 'yaml', '&a ? key\n: value\n'],
  ['KEY_OVER_1024_CHARS', 'yaml', `${'k'.repeat(1100)}: 1\n`],
  ['MULTIPLE_TAGS', 'yaml', '!!str !!str a\n'],
];

/** The issues the converter reports for one input: validate's errors and convert's 422 details, in every format. */
function issuesOf(bytes: Uint8Array): ValidationIssue[] {
  let input: string;
  try {
    input = decodeUtf8OrThrow(bytes);
  } catch {
    return [locateInvalidUtf8(bytes)]; // what raw mode answers
  }
  const issues: ValidationIssue[] = [];
  const collect = (run: () => unknown) => {
    try {
      const result = run() as { errors?: ValidationIssue[] };
      issues.push(...(result.errors ?? []));
    } catch (err) {
      if (!isConversionError(err)) throw err; // limit_exceeded (too deep) has no details
      issues.push(...(err.details ?? []));
    }
  };
  for (const type of ['json', 'jsonc']) collect(() => validate({ input, type }));
  // Read as YAML, JSONTestSuite's 100,000 open brackets take the `yaml` package seconds a call,
  // and say nothing the smaller files do not: big files are read as JSON only.
  if (input.length <= YAML_READ_MAX) {
    collect(() => validate({ input, type: 'yaml' }));
    // The reference path (preserveComments), as convert's 422 details: readYaml with other options than validate's.
    collect(() => convert({ input, inputType: 'yaml', outputType: 'json', preserveComments: true }));
  }
  return issues;
}

describe('validation issue codes', () => {
  it('lists every code the converter reports over the YAML test suite and JSONTestSuite', () => {
    const files = suiteFiles();
    expect(files.length).toBeGreaterThan(600);
    const seen = new Map<string, string>();
    for (const [file, bytes] of files) {
      for (const issue of issuesOf(bytes)) if (!seen.has(issue.code)) seen.set(issue.code, file);
    }
    const unlisted = [...seen].filter(([code]) => !(code in ISSUE_CODES));
    expect(unlisted).toStrictEqual([]);
    // The suites reach most of the readers' codes; the rest but the `yaml` failsafes, by inputs made for them.
    // (The SCHEMA_* codes are JSON Schema violations, never syntax: test/schema/validate-schema.test.ts reaches them.)
    expect(seen.size).toBeGreaterThan(ISSUE_CODE_LIST.filter((code) => !code.startsWith('SCHEMA_')).length / 2);
  });

  it.each(MADE)('lists %s, which the suites hold no example of', (code, type, input) => {
    const codes = validate({ input, type }).errors.map((e) => e.code);
    expect(codes).toContain(code);
    for (const c of codes) expect(ISSUE_CODES).toHaveProperty(c);
  });

  it('gives each code a one-line description', () => {
    for (const [code, description] of Object.entries(ISSUE_CODES)) {
      expect(description, code).toMatch(/^[A-Z"].{10,160}\.$/);
      expect(description, code).not.toContain('\n');
    }
  });

  it('is the enum of ValidationIssue.code in the OpenAPI document, each code with its description', () => {
    const schemas = (getOpenApiDocument() as { components: { schemas: Record<string, any> } }).components.schemas;
    const code = schemas.ValidationIssue.properties.code;
    expect(code.enum).toStrictEqual(ISSUE_CODE_LIST);
    expect(code['x-enumDescriptions']).toStrictEqual(ISSUE_CODES);
  });
});
