// The conversion rules have one source (lib/web/conversion-rules.ts): /docs renders it and README.md's
// block is written from it; this holds README's copy to it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONVERSION_RULES, CONVERSION_RULES_END, CONVERSION_RULES_START, withConversionRules } from '@/lib/web/conversion-rules';

const readme = readFileSync(path.resolve(__dirname, '../../README.md'), 'utf8');

describe('the conversion rules', () => {
  it("are README.md's conversion-rules block exactly (run `npm run docs:examples` after editing them)", () => {
    expect(readme.split(CONVERSION_RULES_START).length).toBe(2);
    expect(readme.split(CONVERSION_RULES_END).length).toBe(2);
    expect(withConversionRules(readme)).toBe(readme);
  });

  it('name the rules users rely on, each with its text', () => {
    const leads = CONVERSION_RULES.map((r) => r.lead);
    for (const lead of ['Numbers.', 'JSON output', 'Comments', 'Key collisions.', 'Warnings']) expect(leads).toContain(lead);
    for (const rule of CONVERSION_RULES) expect(rule.lines.join(' ').length, rule.lead).toBeGreaterThan(30);
  });

  it('notice an edit made in README instead of the source', () => {
    const edited = readme.replace('- **Numbers.** JSON output keeps', '- **Numbers.** JSON output always keeps');
    expect(edited).not.toBe(readme);
    expect(withConversionRules(edited)).not.toBe(edited);
  });
});
