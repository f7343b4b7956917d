// The OpenAPI examples' answers (lib/api/examples/openapi-examples.generated.json) are what the
// endpoints answer now: recorded again, in-process, they must be the checked-in file exactly.
// When this fails, the server's answer changed (or an example request did): run
// `npm run docs:examples` and review the difference.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exampleCalls, NORMALISED, recordExamples } from '@/lib/api/examples/record-examples';
import { PUBLIC_API_ERROR_CODES } from '@/lib/api/errors';
import { errorExamples, healthExample } from '@/lib/api/openapi-examples';
import { APP_VERSION } from '@/lib/config/version';

const file = path.resolve(__dirname, '../../lib/api/examples/openapi-examples.generated.json');

describe('the generated OpenAPI examples', () => {
  it('are exactly what the endpoints answer to the example requests now', async () => {
    const stored = JSON.parse(readFileSync(file, 'utf8'));
    expect(stored.about).toBe(NORMALISED);
    const now = await recordExamples();
    expect(Object.keys(now)).toStrictEqual(Object.keys(exampleCalls()));
    expect(stored.answers).toStrictEqual(now);
  });

  it('give every public error code an answer with its own status and code, from a real call', async () => {
    for (const code of PUBLIC_API_ERROR_CODES) {
      expect(errorExamples[code]?.value.error.code, code).toBe(code);
    }
  });

  it("say the server's version in the health example", () => {
    expect(healthExample.version).toBe(APP_VERSION);
  });
});
