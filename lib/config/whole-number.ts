// The one parser of whole-number variables (timeouts, limits, counts): digits only, within bounds,
// with a message that names the variable, says what it takes and shows what it got.
import { z } from 'zod';

export interface WholeNumberRule {
  /** Smallest accepted value: 1 (the default, "above 0") or 0. */
  min?: 0 | 1;
  /** Largest accepted value (default: the largest exact integer). */
  max?: number;
  /** Named in the message: "a whole number of milliseconds". */
  unit?: string;
  /** Name both bounds in the message ("from 1 to 9999999") rather than "above 0". */
  showRange?: boolean;
}

/** What a bad value of `name` is told: "DATABASE_TIMEOUT_MS must be a whole number of milliseconds from 1 to 9999999". */
export function wholeNumberRequirement(name: string, rule: WholeNumberRule = {}): string {
  const { min = 1, max = Number.MAX_SAFE_INTEGER, unit, showRange = false } = rule;
  const bounds = showRange ? ` from ${min} to ${max}` : min > 0 ? ' above 0' : '';
  return `${name} must be a whole number${unit ? ` of ${unit}` : ''}${bounds}`;
}

/** A zod schema for the text of a whole-number variable (surrounding spaces ignored), giving the number. */
export function wholeNumber(name: string, rule: WholeNumberRule = {}) {
  const { min = 1, max = Number.MAX_SAFE_INTEGER } = rule;
  return z.string().transform((raw, ctx) => {
    const value = raw.trim();
    const number = Number(value);
    if (!/^\d+$/.test(value) || number < min || number > max) {
      ctx.addIssue({ code: 'custom', message: `${wholeNumberRequirement(name, rule)} (got ${JSON.stringify(raw)})` });
      return z.NEVER;
    }
    return number;
  });
}
