// npm run sdk:generate: writes packages/sdk/src/schema.d.ts from the server's OpenAPI document.
// Run it after changing lib/api/schemas.ts or lib/api/openapi.ts; test/sdk/schema-drift.test.ts
// fails until the checked-in file is what this writes.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { SDK_SCHEMA_FILE, sdkSchemaText } from './sdk-schema';

sdkSchemaText().then(
  (text) => {
    writeFileSync(path.join(process.cwd(), SDK_SCHEMA_FILE), text);
    console.log(`sdk:generate: ${SDK_SCHEMA_FILE} written (${text.split('\n').length} lines)`);
  },
  (err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  },
);
