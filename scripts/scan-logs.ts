// `npm test`'s last step (scripts/test.mjs): every log the run left in test-results/ (the servers' output,
// test/setup/app-server.ts: `<name>.log`) must hold no secret. It looks for the shapes of keys, Bearer
// credentials, session cookies, JWTs, token links and password hashes (lib/observability/secret-scan.ts),
// and for the very secrets the tests used: the fixtures' passwords, the metrics token, and every token
// mailed during the run (captured mail in test-results/**/*.jsonl). Exit 1 lists each finding, masked.
// Usage: node --import tsx scripts/scan-logs.ts [folder] (default test-results).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { findSecrets, mailedTokens, type SecretFinding } from '@/lib/observability/secret-scan';
import { GOOD_PASSWORD } from '../test/helpers/fixtures';
import { TEST_METRICS_TOKEN } from '../test/ops/secrets';

/** Passwords the tests sign up or sign in with, besides GOOD_PASSWORD. */
const OTHER_TEST_PASSWORDS = ['correct horse 🙂 staple', 'password123'];

function filesUnder(dir: string, suffix: string): string[] {
  let entries: import('node:fs').Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full, suffix);
    return entry.isFile() && entry.name.endsWith(suffix) ? [full] : [];
  });
}

function scanLogs(dir: string): { files: string[]; findings: Array<SecretFinding & { file: string }> } {
  const mail = filesUnder(dir, '.jsonl').flatMap((file) => mailedTokens(readFileSync(file, 'utf8')));
  const literals = [GOOD_PASSWORD, ...OTHER_TEST_PASSWORDS, TEST_METRICS_TOKEN, ...mail];
  const files = filesUnder(dir, '.log');
  const findings = files.flatMap((file) => findSecrets(readFileSync(file, 'utf8'), literals).map((f) => ({ ...f, file })));
  return { files, findings };
}

const dir = path.resolve(process.argv[2] ?? path.join(__dirname, '..', 'test-results'));
const { files, findings } = scanLogs(dir);
if (files.length === 0) {
  // A focused run (`npm test -- test/unit/...`) starts no server; a full run always leaves logs.
  console.log(`scan-logs: no *.log file under ${dir}: no server ran, nothing to scan.`);
  process.exit(0);
}
if (findings.length > 0) {
  console.error(`scan-logs: ${findings.length} secret(s) in the logs under ${dir}:`);
  for (const f of findings) console.error(`  ${path.relative(dir, f.file)}:${f.line}: ${f.rule}: ${f.masked}`);
  process.exit(1);
}
console.log(`scan-logs: ${files.length} log file(s) under ${path.relative(process.cwd(), dir) || '.'}: no secret found.`);
