// JSON numbers as text for the property tests, with more digits than a JavaScript number holds.
import fc from 'fast-check';

/** An optional `-`, an integer of up to `integerDigits` digits, an optional fraction of up to 20 and exponent of up to `exponentDigits`. */
export function jsonNumberText(integerDigits: number, exponentDigits: number): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.boolean(),
      fc.oneof(fc.constant('0'), fc.stringMatching(new RegExp(`^[1-9][0-9]{0,${integerDigits - 1}}$`))),
      fc.option(fc.stringMatching(/^[0-9]{1,20}$/), { nil: undefined }),
      fc.option(fc.tuple(fc.constantFrom('e', 'E'), fc.constantFrom('', '+', '-'), fc.stringMatching(new RegExp(`^[0-9]{1,${exponentDigits}}$`))), {
        nil: undefined,
      }),
    )
    .map(([neg, int, frac, exp]) => `${neg ? '-' : ''}${int}${frac ? '.' + frac : ''}${exp ? exp.join('') : ''}`);
}
