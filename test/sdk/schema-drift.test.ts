// The SDK's checked-in types are what openapi-typescript writes for the document the server builds
// now: a change to lib/api/schemas.ts or lib/api/openapi.ts fails here until `npm run sdk:generate`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SDK_SCHEMA_FILE, sdkSchemaText } from '../../scripts/sdk-schema';

const checkedIn = () => readFileSync(path.resolve(__dirname, '../..', SDK_SCHEMA_FILE), 'utf8');

describe('packages/sdk/src/schema.d.ts', () => {
  it('is what `npm run sdk:generate` writes from the current OpenAPI document', async () => {
    const generated = await sdkSchemaText();
    if (generated !== checkedIn()) {
      expect.fail(`${SDK_SCHEMA_FILE} is out of date with lib/api/openapi.ts: run \`npm run sdk:generate\` and commit the result.`);
    }
  });

  it('types request fields with a default as optional and the formats as their enums', () => {
    const text = checkedIn();
    const convertRequest = text.slice(text.indexOf('ConvertRequest: {'), text.indexOf('};', text.indexOf('ConvertRequest: {')));
    expect(convertRequest).toMatch(/\n\s+inputType: "yaml" \| "json";/);
    expect(convertRequest).toMatch(/\n\s+outputType: "yaml" \| "json";/);
    expect(convertRequest).toMatch(/\n\s+input: string;/);
    for (const optional of ['preserveComments?: boolean;', 'preserveAnchors?: boolean;', 'yamlVersion?: "1.1" | "1.2";']) {
      expect(convertRequest).toContain(optional);
    }
    const validateRequest = text.slice(text.indexOf('ValidateRequest: {'), text.indexOf('};', text.indexOf('ValidateRequest: {')));
    expect(validateRequest).toMatch(/\n\s+type: "yaml" \| "json" \| "jsonc";/);
  });
});
