/**
 * The text a key takes in JSON: a string as is, a scalar as its text, a collection as its
 * compact JSON. Shared by the YAML reader (key identity for merges and overrides) and the
 * JSON writer (the keys it writes).
 */
import type { YNode } from './types';

/** Aliases never reach JSON output: meeting one there is a bug, not bad input. */
function aliasInJson(name: string): string {
  throw new Error(`An alias (*${name}) reached the JSON writer; aliases must be expanded before writing JSON.`);
}

/** The JSON key for a YAML key: a string as is, a scalar as its text, a collection as its compact JSON. */
export function jsonKeyText(key: YNode, onAlias: (name: string) => string = aliasInJson): string {
  switch (key.kind) {
    case 'string':
      return key.value;
    case 'number':
      return key.text;
    case 'bool':
      return key.value ? 'true' : 'false';
    case 'null':
      return 'null';
    case 'seq':
    case 'map':
      return compactJson(key, onAlias);
    case 'alias':
      return onAlias(key.name);
  }
}

/** JSON without whitespace (like JSON.stringify(value)), for collections used as keys. */
export function compactJson(node: YNode, onAlias: (name: string) => string = aliasInJson): string {
  switch (node.kind) {
    case 'string':
      return JSON.stringify(node.value);
    case 'number':
      return node.special === true ? JSON.stringify(node.text) : node.text;
    case 'bool':
      return node.value ? 'true' : 'false';
    case 'null':
      return 'null';
    case 'seq':
      return '[' + node.items.map((i) => compactJson(i, onAlias)).join(',') + ']';
    case 'map': {
      // The last value of a repeated key wins, at the first key's place, as in the main output.
      const index = new Map<string, number>();
      const parts: string[] = [];
      for (const e of node.entries) {
        const k = jsonKeyText(e.key, onAlias);
        const member = JSON.stringify(k) + ':' + compactJson(e.value, onAlias);
        const at = index.get(k);
        if (at === undefined) {
          index.set(k, parts.length);
          parts.push(member);
        } else parts[at] = member;
      }
      return '{' + parts.join(',') + '}';
    }
    case 'alias':
      return JSON.stringify(onAlias(node.name));
  }
}
