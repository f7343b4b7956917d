// What text an account may store (key names, emails): PostgreSQL refuses a NUL in text (SQLSTATE 22021),
// a lone surrogate is not Unicode (it would be stored as U+FFFD, silently changed), and control
// characters (tabs, line breaks, escape sequences, C1 codes) have no place in a one-line name.

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** C0 and C1 controls and DEL (Unicode category Cc), and the line and paragraph separators. */
const CONTROL = /[\p{Cc}\u2028\u2029]/u;

export const hasLoneSurrogate = (value: string): boolean => LONE_SURROGATE.test(value);

/** Why `value` cannot be one line of stored text, or null when it can. */
export function lineTextProblem(value: string): 'lone_surrogate' | 'control_character' | null {
  if (LONE_SURROGATE.test(value)) return 'lone_surrogate';
  if (CONTROL.test(value)) return 'control_character';
  return null;
}
