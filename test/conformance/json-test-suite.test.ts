/**
 * nst/JSONTestSuite against `validate({ type: 'json' })`: every y_ file is valid, every n_
 * file is invalid, every i_ file gets an answer (either one) without a crash or a hang.
 * The suite lives beside the repository, in ../shared/conformance/ (see its README).
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { decodeUtf8OrThrow, isConversionError, validate } from '../../lib/converter';

const dir = path.resolve(__dirname, '../../../shared/conformance/json-test-suite/test_parsing');
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort();
const byPrefix = (prefix: string) => files.filter((f) => f.startsWith(prefix));

type Answer = { valid: true } | { valid: false; codes: string[] };

/** Decodes like the API does (invalid UTF-8 is a rejection) and validates as strict JSON. */
function check(file: string): Answer {
  const bytes = readFileSync(path.join(dir, file));
  try {
    const input = decodeUtf8OrThrow(new Uint8Array(bytes));
    const result = validate({ input, type: 'json' });
    return result.valid ? { valid: true } : { valid: false, codes: result.errors.map((e) => e.code) };
  } catch (err) {
    if (!isConversionError(err)) throw err;
    return { valid: false, codes: (err.details ?? []).map((e) => e.code) };
  }
}

describe('JSONTestSuite (test_parsing)', () => {
  test('the suite is present with its 95 y_, 188 n_ and 35 i_ files', () => {
    expect(byPrefix('y_')).toHaveLength(95);
    expect(byPrefix('n_')).toHaveLength(188);
    expect(byPrefix('i_')).toHaveLength(35);
    expect(files).toHaveLength(318);
  });

  test.each(byPrefix('y_'))('%s is accepted', (file) => {
    expect(check(file)).toEqual({ valid: true });
  });

  test.each(byPrefix('n_'))('%s is rejected with at least one positioned error', (file) => {
    const answer = check(file);
    expect(answer.valid).toBe(false);
    if (!answer.valid) expect(answer.codes.length).toBeGreaterThan(0);
  });

  // A hang would hit the per-test timeout; the answer itself may be either.
  test.each(byPrefix('i_'))(
    '%s gets an answer without a crash or hang',
    (file) => {
      const answer = check(file);
      expect(typeof answer.valid).toBe('boolean');
    },
    10_000,
  );
});
