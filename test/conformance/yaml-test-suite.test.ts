/**
 * The official YAML test suite (release data-2022-01-17), read from ../shared/conformance.
 * Every case with in.json must convert to JSON deep-equal to it; every error case must be
 * invalid for validate and a 422 invalid_input for convert.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConversionError, convert, validate } from '@/lib/converter';
import { sharedPath } from '../helpers/shared-path';

const ROOT = sharedPath('conformance', 'yaml-test-suite');

interface Case {
  id: string;
  dir: string;
  title: string;
}

function listCases(): Case[] {
  const cases: Case[] = [];
  for (const id of fs.readdirSync(ROOT).sort()) {
    const dir = path.join(ROOT, id);
    if (!fs.statSync(dir).isDirectory()) continue;
    const dirs = fs.existsSync(path.join(dir, 'in.yaml'))
      ? [[id, dir]]
      : fs
          .readdirSync(dir)
          .sort()
          .map((sub) => [`${id}/${sub}`, path.join(dir, sub)]);
    for (const [caseId, caseDir] of dirs) {
      const titleFile = path.join(caseDir!, '===');
      const title = fs.existsSync(titleFile) ? fs.readFileSync(titleFile, 'utf8').trim() : '';
      cases.push({ id: caseId!, dir: caseDir!, title });
    }
  }
  return cases;
}

/** in.json holds one JSON text per document, one after another. */
function parseJsonStream(text: string): unknown[] {
  const values: unknown[] = [];
  let rest = text.trim();
  while (rest.length > 0) {
    let end = -1;
    for (let j = 1; j <= rest.length; j++) {
      if (j < rest.length && !/\s/.test(rest[j]!)) continue;
      try {
        values.push(JSON.parse(rest.slice(0, j)));
        end = j;
        break;
      } catch {
        /* keep extending */
      }
    }
    if (end === -1) throw new Error('in.json is not a stream of JSON texts');
    rest = rest.slice(end).trim();
  }
  return values;
}

/** The contract's mapping of a stream: no document -> null, one -> itself, several -> an array. */
function asContractValue(docs: unknown[]): unknown {
  if (docs.length === 0) return null;
  if (docs.length === 1) return docs[0];
  return docs;
}

const cases = listCases();
const withJson = cases.filter((c) => fs.existsSync(path.join(c.dir, 'in.json')) && !fs.existsSync(path.join(c.dir, 'error')));
const errorCases = cases.filter((c) => fs.existsSync(path.join(c.dir, 'error')));
const read = (c: Case, file: string) => fs.readFileSync(path.join(c.dir, file), 'utf8');

describe('YAML test suite', () => {
  it('is present with the expected number of cases', () => {
    expect(cases.length).toBe(402);
    expect(withJson.length).toBe(279);
    expect(errorCases.length).toBe(94);
  });

  describe('cases with in.json convert to the same JSON value', () => {
    it.each(withJson.map((c) => [c.id, c.title, c] as const))('%s %s', (_id, _title, c) => {
      const expected = asContractValue(parseJsonStream(read(c, 'in.json')));
      const result = convert({ input: read(c, 'in.yaml'), inputType: 'yaml', outputType: 'json' });
      expect(JSON.parse(result.output)).toEqual(expected);
    });
  });

  describe('error cases are invalid and refused by convert', () => {
    it.each(errorCases.map((c) => [c.id, c.title, c] as const))('%s %s', (_id, _title, c) => {
      const input = read(c, 'in.yaml');
      const v = validate({ input, type: 'yaml' });
      expect(v.valid).toBe(false);
      expect(v.errors.length).toBeGreaterThan(0);
      for (const e of v.errors) {
        expect(e.line).toBeGreaterThanOrEqual(1);
        expect(e.column).toBeGreaterThanOrEqual(1);
        expect(e.code).toMatch(/^[A-Z][A-Z0-9_]+$/);
      }
      let thrown: unknown;
      try {
        convert({ input, inputType: 'yaml', outputType: 'json' });
      } catch (err) {
        thrown = err;
      }
      expect(thrown).toBeInstanceOf(ConversionError);
      expect((thrown as ConversionError).code).toBe('invalid_input');
      expect((thrown as ConversionError).details).toEqual(v.errors);
    });
  });

  describe('every other case converts or is refused cleanly', () => {
    const others = cases.filter((c) => !withJson.includes(c) && !errorCases.includes(c));
    it.each(others.map((c) => [c.id, c.title, c] as const))('%s %s', (_id, _title, c) => {
      try {
        convert({ input: read(c, 'in.yaml'), inputType: 'yaml', outputType: 'json' });
      } catch (err) {
        expect(err).toBeInstanceOf(ConversionError);
      }
    });
  });
});
