// `uniqueItems` in time linear in the array: ajv's own compares object and array items pair by pair
// (36,500 objects, 1 MB: 666 million deep comparisons, over 20 s). Here every item gets a number that
// is equal exactly when the items are equal in JSON Schema's sense (objects whatever their key order,
// arrays in order, 1 and 1.0 one number), and one pass with a Map finds the repeats. The error is
// ajv's: keyword `uniqueItems`, params `{i, j}` of the same pair its pairwise loop reports (the last
// item equal to an earlier one, and the nearest such earlier one), the same message.
import { _, str, type CodeKeywordDefinition } from 'ajv';

/**
 * Numbers values by their JSON value: containers by the numbers of their children, so each node's key
 * is as long as its own children, and a subtree shared by aliases is numbered once.
 */
class ValueNumbering {
  private readonly byKey = new Map<string, number>();
  private readonly byObject = new Map<object, number>();

  numberOf(value: unknown): number {
    if (typeof value !== 'object' || value === null) return this.intern(primitiveKey(value));
    const known = this.byObject.get(value);
    if (known !== undefined) return known;
    let key: string;
    if (Array.isArray(value)) {
      key = 'a';
      for (let index = 0; index < value.length; index++) key += `${this.numberOf(value[index])},`;
    } else {
      key = 'o';
      const record = value as Record<string, unknown>;
      // Sorted: {"a":1,"b":2} and {"b":2,"a":1} are one value. The name is JSON text, so it cannot run into the number.
      for (const name of Object.keys(record).sort()) key += `${JSON.stringify(name)}${this.numberOf(record[name])},`;
    }
    const number = this.intern(key);
    this.byObject.set(value, number);
    return number;
  }

  private intern(key: string): number {
    let number = this.byKey.get(key);
    if (number === undefined) this.byKey.set(key, (number = this.byKey.size));
    return number;
  }
}

/** A type letter, then the value: `String(-0)` is "0" (equal to 0, as in JSON Schema). */
function primitiveKey(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return `s${value}`;
    case 'number':
      return `n${String(value)}`;
    case 'boolean':
      return value ? 't' : 'f';
    default:
      return value === null ? 'z' : `?${String(value)}`;
  }
}

/** The pair ajv's pairwise loop reports, [i, j] with j < i, or null when every item is distinct. */
export function duplicatePair(items: readonly unknown[]): [i: number, j: number] | null {
  if (items.length < 2) return null;
  const numbering = new ValueNumbering();
  const lastAt = new Map<number, number>();
  let pair: [number, number] | null = null;
  for (let index = 0; index < items.length; index++) {
    const number = numbering.numberOf(items[index]);
    const earlier = lastAt.get(number);
    if (earlier !== undefined) pair = [index, earlier];
    lastAt.set(number, index);
  }
  return pair;
}

/** Replaces ajv's `uniqueItems` (ajv.removeKeyword first); `$data` is off in this service. */
export const uniqueItemsKeyword: CodeKeywordDefinition = {
  keyword: 'uniqueItems',
  type: 'array',
  schemaType: 'boolean',
  error: {
    message: ({ params: { i, j } }) => str`must NOT have duplicate items (items ## ${j} and ${i} are identical)`,
    params: ({ params: { i, j } }) => _`{i: ${i}, j: ${j}}`,
  },
  code(cxt) {
    const { gen, data, schema } = cxt;
    if (schema !== true) return;
    const find = gen.scopeValue('func', { ref: duplicatePair, code: _`duplicatePair` });
    const pair = gen.const('pair', _`${find}(${data})`);
    cxt.setParams({ i: _`${pair}[0]`, j: _`${pair}[1]` });
    cxt.fail(_`${pair} !== null`);
  },
};
