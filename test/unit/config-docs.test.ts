// The configuration is documented once per audience and must not drift: README's table (operators),
// .env.example (a file to copy) and lib/config's schema (what the server actually reads) list the
// same variables, and a default written in one is the default of the others.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENV_NAMES, loadConfig } from '@/lib/config';
import { serverLimits } from '@/lib/http/server-limits';

const root = path.join(__dirname, '../..');

/**
 * The values the server runs with: the HTTP_* limits with their defaults filled in (some follow other
 * values); TRUSTED_PROXIES's matcher, a fresh object each time, left out (unset in .env.example).
 */
const parsed = (env: Record<string, string>) => {
  const { trustedProxies: _matcher, http, ...values } = loadConfig(env);
  return { ...values, http: serverLimits(http, null) };
};
const NAME = /^[A-Z][A-Z0-9_]+$/;

/** README's Configuration table: variable name -> its Default cell. */
function readmeTable(): Map<string, string> {
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Configuration'));
  const rows = section
    .slice(0, section.indexOf('\n## '))
    .split('\n')
    .filter((line) => line.startsWith('| `'));
  const table = new Map<string, string>();
  for (const row of rows) {
    const [names = '', defaultCell = ''] = row
      .split('|')
      .slice(1)
      .map((cell) => cell.trim());
    for (const [, name] of names.matchAll(/`([^`]+)`/g)) if (NAME.test(name!)) table.set(name!, defaultCell);
  }
  return table;
}

/** .env.example: variable name -> its value, and whether the line is active (not commented out). */
function envExample(): Map<string, { value: string; active: boolean }> {
  const lines = readFileSync(path.join(root, '.env.example'), 'utf8').split('\n');
  const found = new Map<string, { value: string; active: boolean }>();
  for (const line of lines) {
    const match = /^(# ?)?([A-Z][A-Z0-9_]+)=(.*)$/.exec(line);
    if (match) found.set(match[2]!, { value: match[3]!, active: match[1] === undefined });
  }
  return found;
}

describe('the configuration documents', () => {
  it('README, .env.example and the schema list the same variables', () => {
    const schema = [...ENV_NAMES].sort();
    expect([...readmeTable().keys()].sort()).toStrictEqual(schema);
    expect([...envExample().keys()].sort()).toStrictEqual(schema);
  });

  it('every value .env.example sets is the default, and README says so', () => {
    const table = readmeTable();
    const active = [...envExample()].filter(([, line]) => line.active);
    expect(active.length).toBeGreaterThan(0);
    for (const [name, { value }] of active) {
      expect(parsed({ [name]: value }), `${name}=${value} in .env.example`).toStrictEqual(parsed({}));
      expect(table.get(name), `README's default of ${name}`).toContain(`\`${value}\``);
    }
  });

  it("README's written defaults are .env.example's values", () => {
    const example = envExample();
    for (const [name, defaultCell] of readmeTable()) {
      const written = /^`([^`]+)`/.exec(defaultCell)?.[1];
      if (written !== undefined) expect(example.get(name)?.value, `.env.example's ${name}`).toBe(written);
    }
  });
});
