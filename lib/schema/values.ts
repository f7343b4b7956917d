// The IR -> the JavaScript values ajv checks: what JSON.parse would give for the converter's JSON
// output (numbers as doubles, `.inf`/`.nan` as their strings, keys as their JSON text, the last of
// equal keys winning). Used when the reference path read the document (YAML the single-pass reader
// leaves to it, JSONC); subtrees an alias shares stay shared (ajv only reads them).
import { jsonKeyText } from '@/lib/converter/json-key-text';
import type { YNode } from '@/lib/converter/types';

export function irToValue(node: YNode | null, shared: Map<YNode, unknown> = new Map()): unknown {
  if (node === null) return null;
  switch (node.kind) {
    case 'null':
      return null;
    case 'bool':
      return node.value;
    case 'number':
      return node.special === true ? node.text : Number(node.text);
    case 'string':
      return node.value;
    case 'alias':
      // Aliases are expanded before anything reaches here (the readers run without preserveAnchors).
      throw new Error(`An unexpanded alias (*${node.name}) reached the schema check.`);
    case 'seq': {
      const known = shared.get(node);
      if (known !== undefined) return known;
      const items = node.items.map((item) => irToValue(item, shared));
      shared.set(node, items);
      return items;
    }
    case 'map': {
      const known = shared.get(node);
      if (known !== undefined) return known;
      const object: Record<string, unknown> = {};
      for (const entry of node.entries) {
        const key = jsonKeyText(entry.key);
        const value = irToValue(entry.value, shared);
        // A `__proto__` key is data, as JSON.parse makes it, not the object's prototype.
        if (key === '__proto__') Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
        else object[key] = value;
      }
      shared.set(node, object);
      return object;
    }
  }
}
