#!/usr/bin/env node
// The `yamljson` command: loads the bundle that `npm run build:cli` (scripts/build-cli.mjs) writes.
// A checked-in launcher, so that npm links the bin after a fresh `npm ci`, before anything is built.
'use strict';
const path = require('node:path');
const bundle = path.join(__dirname, '..', 'dist', 'yamljson.cjs');
try {
  require.resolve(bundle);
} catch {
  process.stderr.write(`yamljson: ${bundle} is missing; build it with \`npm run build:cli\` (part of \`npm run build\`).\n`);
  process.exit(2);
}
require(bundle);
