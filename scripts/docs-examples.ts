// npm run docs:examples: writes README.md's conversion rules from lib/web/conversion-rules.ts, README.md's
// formatting options and packages/cli/README.md's converter flags from the option table
// (lib/converter/option-table.ts, scripts/option-docs.ts), and sends the documentation's example requests to the public endpoints
// (in-process, lib/api/examples/record-examples.ts) and writes their answers to
// lib/api/examples/openapi-examples.generated.json, which the OpenAPI document's examples are made
// from. Run it after changing an example request or anything that changes an answer; the test
// test/unit/openapi-examples-drift.test.ts fails until the file says what the server answers.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { NORMALISED, recordExamples } from '@/lib/api/examples/record-examples';
import { withConversionRules } from '@/lib/web/conversion-rules';
import { withCliFlags, withFormattingOptions } from './option-docs';

const readme = path.join(process.cwd(), 'README.md');
writeFileSync(readme, withFormattingOptions(withConversionRules(readFileSync(readme, 'utf8'))));
const cliReadme = path.join(process.cwd(), 'packages/cli/README.md');
writeFileSync(cliReadme, withCliFlags(readFileSync(cliReadme, 'utf8')));

const file = path.join(process.cwd(), 'lib/api/examples/openapi-examples.generated.json');

recordExamples().then(
  (answers) => {
    writeFileSync(file, `${JSON.stringify({ about: NORMALISED, answers }, null, 2)}\n`);
    console.log(`docs:examples: ${Object.keys(answers).length} answers written to ${path.relative(process.cwd(), file)}`);
  },
  (err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  },
);
