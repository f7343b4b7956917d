/**
 * Test-only helpers to build converter IR by hand or from JSON text.
 * `fromJsonText` is a tiny strict JSON parser that keeps key order and the exact number
 * text (unlike JSON.parse); it is not the product's JSON reader.
 */
import type {
  AliasNode,
  BoolNode,
  MapEntry,
  MapNode,
  NodeComments,
  NullNode,
  NumberNode,
  SeqNode,
  StringNode,
  YDocument,
  YNode,
} from '../../lib/converter/types';

export const str = (value: string, extra: Partial<StringNode> = {}): StringNode => ({ kind: 'string', value, ...extra });
export const num = (text: string, extra: Partial<NumberNode> = {}): NumberNode => ({ kind: 'number', text, ...extra });
export const bool = (value: boolean, extra: Partial<BoolNode> = {}): BoolNode => ({ kind: 'bool', value, ...extra });
export const nul = (extra: Partial<NullNode> = {}): NullNode => ({ kind: 'null', ...extra });
export const alias = (name: string, extra: Partial<AliasNode> = {}): AliasNode => ({ kind: 'alias', name, ...extra });
export const seq = (items: YNode[], extra: Partial<SeqNode> = {}): SeqNode => ({ kind: 'seq', items, ...extra });
/** A map from [key, value] pairs; string keys become StringNodes. */
export const map = (pairs: Array<[string | YNode, YNode] | MapEntry>, extra: Partial<MapNode> = {}): MapNode => ({
  kind: 'map',
  entries: pairs.map((p) => (Array.isArray(p) ? { key: typeof p[0] === 'string' ? str(p[0]) : p[0], value: p[1] } : p)),
  ...extra,
});
export const doc = (contents: YNode | null, comments?: YDocument['comments']): YDocument => (comments ? { contents, comments } : { contents });
export const withComments = <T extends YNode>(node: T, comments: NodeComments): T => ({ ...node, comments });

/** A JavaScript value (from JSON.parse or a generator) as IR; numbers via String(). */
export function fromJs(value: unknown): YNode {
  if (value === null) return nul();
  if (typeof value === 'boolean') return bool(value);
  if (typeof value === 'number') return num(String(value));
  if (typeof value === 'string') return str(value);
  if (Array.isArray(value)) return seq(value.map(fromJs));
  if (typeof value === 'object') {
    return map(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, fromJs(v)] as [string, YNode]));
  }
  throw new Error(`fromJs: unsupported ${typeof value}`);
}

/** Strict JSON text -> IR, keeping key order and exact number text. Throws on bad input. */
export function fromJsonText(text: string): YNode {
  let i = 0;
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++;
  };
  const fail = (what: string): never => {
    throw new Error(`fromJsonText: ${what} at ${i}`);
  };
  const value = (): YNode => {
    ws();
    const c = text[i];
    if (c === '{') {
      i++;
      const entries: MapEntry[] = [];
      ws();
      if (text[i] === '}') {
        i++;
        return { kind: 'map', entries };
      }
      for (;;) {
        ws();
        if (text[i] !== '"') fail('expected a key');
        const key = string();
        ws();
        if (text[i] !== ':') fail('expected :');
        i++;
        entries.push({ key: str(key), value: value() });
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === '}') {
          i++;
          return { kind: 'map', entries };
        }
        fail('expected , or }');
      }
    }
    if (c === '[') {
      i++;
      const items: YNode[] = [];
      ws();
      if (text[i] === ']') {
        i++;
        return { kind: 'seq', items };
      }
      for (;;) {
        items.push(value());
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === ']') {
          i++;
          return { kind: 'seq', items };
        }
        fail('expected , or ]');
      }
    }
    if (c === '"') return str(string());
    if (text.startsWith('true', i)) {
      i += 4;
      return bool(true);
    }
    if (text.startsWith('false', i)) {
      i += 5;
      return bool(false);
    }
    if (text.startsWith('null', i)) {
      i += 4;
      return nul();
    }
    const m = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
    m.lastIndex = i;
    const r = m.exec(text);
    if (!r) return fail('unexpected character');
    i += r[0].length;
    return num(r[0]);
  };
  const string = (): string => {
    const m = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y;
    m.lastIndex = i;
    const r = m.exec(text);
    if (!r) return fail('bad string');
    i += r[0].length;
    return JSON.parse(r[0]) as string;
  };
  const v = value();
  ws();
  if (i !== text.length) fail('trailing text');
  return v;
}
