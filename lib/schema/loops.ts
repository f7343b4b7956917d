// A schema that applies itself to the same value with no step into a property or an item in between
// (`{"$ref": "#"}`, `allOf: [{"$ref": "#"}]`, `$defs` a -> b -> a, `{"$dynamicRef": "#"}`) never
// finishes: ajv's code calls itself until the stack overflows. Such a loop is found here, before
// compiling, as a cycle in the graph of the subschemas each one applies to its own value (the
// combinators, `not`, `if`/`then`/`else`, `dependentSchemas`, references), among the subschemas the
// root applies at all. A schema that recurs through `properties` or `items` (a tree) moves into the
// value at each turn and is fine. References are resolved as ajv resolves them (`$id`, `$anchor`,
// JSON Pointers); one this misses is still caught when the stack overflows (index.ts).
import { type Draft, isModernDraft } from './drafts';

type Schema = Record<string, unknown>;

interface Place {
  /** JSON Pointer from the root, as `#/...`. */
  pointer: string;
  /** The base URI references in it are resolved against (its `$id`, or its parent's base). */
  base: string;
  parent: Schema | null;
}

interface Edge {
  keyword: string;
  target: Schema;
}

/** One step of a loop: `from` applies `to` through `keyword`. */
interface Step {
  from: Schema;
  keyword: string;
  to: Schema;
}

/** Where a schema without an `$id` lives, so that relative references resolve. */
const DEFAULT_BASE = 'https://schema.yamljson.invalid/root';
/** Keywords whose values are data, not schemas: an `$id` or an anchor in them declares nothing. */
const DATA_KEYWORDS = new Set(['enum', 'const', 'default', 'examples']);
const COMBINATORS = ['allOf', 'anyOf', 'oneOf'] as const;
/** Keywords that apply their subschemas to a part of the value (an item, a property, a name). */
const SINGLE_DESCENDING = [
  'items',
  'additionalItems',
  'contains',
  'additionalProperties',
  'propertyNames',
  'unevaluatedItems',
  'unevaluatedProperties',
];
const LIST_DESCENDING = ['items', 'prefixItems'];
const MAP_DESCENDING = ['properties', 'patternProperties'];
/** Steps of a loop shown in a message. */
const SHOWN_STEPS = 6;

const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The first loop of in-place subschemas in `root`, described for a message ("# -> # by $ref"), or
 * null when there is none.
 */
export function inPlaceLoop(root: unknown, draft: Draft): string | null {
  if (!isSchema(root)) return null;
  const graph = new SchemaGraph(root, draft);
  const cycle = graph.findCycle();
  if (cycle === null) return null;
  const steps = graph.withoutHubs(cycle).map(({ from, keyword, to }) => `${graph.pointerOf(from)} -> ${graph.pointerOf(to)} by "${keyword}"`);
  const shown = steps.length > SHOWN_STEPS ? [...steps.slice(0, SHOWN_STEPS), `... (${steps.length} steps in all)`] : steps;
  return shown.join(', ');
}

class SchemaGraph {
  private readonly places = new Map<Schema, Place>();
  private readonly resources = new Map<string, Schema>();
  private readonly anchors = new Map<string, Schema>();
  private readonly refTargets = new Set<Schema>();
  /**
   * Stand-ins for "every schema with this dynamic anchor" (by `$dynamicAnchor` name, or
   * `$recursiveAnchor`), so that n dynamic references to n anchors make 2n edges, not n².
   */
  private readonly hubs = new Map<string, Schema>();
  private readonly hubEdges = new Map<Schema, Edge[]>();

  constructor(
    private readonly root: Schema,
    private readonly draft: Draft,
  ) {
    this.index();
    for (const [schema, place] of [...this.places]) {
      if (typeof schema.$ref === 'string') {
        const target = this.resolve(schema.$ref, place.base);
        if (target !== undefined) this.refTargets.add(target);
      }
      if (typeof schema.$dynamicAnchor === 'string') this.addToHub(`$dynamicAnchor ${schema.$dynamicAnchor}`, '$dynamicAnchor', schema);
      if (schema.$recursiveAnchor === true) this.addToHub('$recursiveAnchor', '$recursiveAnchor', schema);
    }
  }

  private addToHub(name: string, keyword: string, target: Schema): void {
    let hub = this.hubs.get(name);
    if (hub === undefined) {
      hub = {};
      this.hubs.set(name, hub);
      this.hubEdges.set(hub, []);
      this.places.set(hub, { pointer: `(every ${name})`, base: DEFAULT_BASE, parent: null });
    }
    this.hubEdges.get(hub)!.push({ keyword, target });
  }

  /** A cycle's steps with the stand-ins taken out: X -> hub -> Y becomes X -> Y by X's keyword. */
  withoutHubs(cycle: Step[]): Step[] {
    const start = cycle.findIndex((step) => !this.hubEdges.has(step.from));
    const steps: Step[] = [];
    for (const step of [...cycle.slice(start), ...cycle.slice(0, start)]) {
      if (this.hubEdges.has(step.from)) steps[steps.length - 1]!.to = step.to;
      else steps.push({ ...step });
    }
    return steps;
  }

  pointerOf(schema: Schema): string {
    return this.places.get(schema)?.pointer ?? '(a subschema)';
  }

  /**
   * Every object of the schema with its place (a reference may point anywhere in it); the `$id`s and
   * anchors registered, as ajv does, outside the data keywords.
   */
  private index(): void {
    const stack: Array<[value: unknown, pointer: string, base: string, parent: Schema | null, inData: boolean]> = [
      [this.root, '#', DEFAULT_BASE, null, false],
    ];
    while (stack.length > 0) {
      const [value, pointer, parentBase, parent, inData] = stack.pop()!;
      if (Array.isArray(value)) {
        for (let index = 0; index < value.length; index++) stack.push([value[index], `${pointer}/${index}`, parentBase, parent, inData]);
        continue;
      }
      if (!isSchema(value) || this.places.has(value)) continue;
      const base = inData ? parentBase : this.register(value, parentBase);
      this.places.set(value, { pointer, base, parent });
      for (const [key, child] of Object.entries(value)) {
        if (typeof child === 'object' && child !== null)
          stack.push([child, `${pointer}/${escapeToken(key)}`, base, value, inData || DATA_KEYWORDS.has(key)]);
      }
    }
  }

  /** Registers the resource and anchors a schema declares; its base URI. */
  private register(schema: Schema, parentBase: string): string {
    let base = parentBase;
    const id = this.draft === 'draft-04' ? schema.id : schema.$id;
    const resolved = typeof id === 'string' ? resolveUri(id, parentBase) : undefined;
    if (resolved !== undefined) {
      const [resource, fragment] = splitFragment(resolved);
      // A draft-07 `$id` of "#name" names an anchor; any other declares a resource.
      if ((id as string).startsWith('#')) {
        if (fragment !== '') this.anchors.set(`${resource}#${decodeFragment(fragment)}`, schema);
      } else {
        base = resource;
        this.resources.set(resource, schema);
      }
    }
    for (const anchor of [schema.$anchor, schema.$dynamicAnchor]) {
      if (typeof anchor === 'string') this.anchors.set(`${base}#${anchor}`, schema);
    }
    if (schema === this.root && !this.resources.has(base)) this.resources.set(base, schema);
    return base;
  }

  /** The schema a reference points to, as ajv resolves it; undefined if it is not inside this schema. */
  private resolve(ref: string, base: string): Schema | undefined {
    const absolute = resolveUri(ref, base);
    if (absolute === undefined) return undefined;
    const [resourceUri, fragment] = splitFragment(absolute);
    const resource = this.resources.get(resourceUri);
    if (resource === undefined) return undefined;
    if (fragment === '' || fragment === '/') return resource;
    if (!fragment.startsWith('/')) return this.anchors.get(`${resourceUri}#${decodeFragment(fragment)}`);
    let value: unknown = resource;
    // Split before decoding, as ajv does: an escaped "/" (%2F) is part of a name.
    for (const token of fragment.slice(1).split('/')) {
      if (typeof value !== 'object' || value === null) return undefined;
      value = (value as Record<string, unknown>)[unescapeToken(decodeFragment(token))];
    }
    return isSchema(value) ? value : undefined;
  }

  /** The subschemas `schema` applies to its own value. */
  private inPlace(schema: Schema): Edge[] {
    const hubEdges = this.hubEdges.get(schema);
    if (hubEdges !== undefined) return hubEdges;
    const edges: Edge[] = [];
    const add = (keyword: string, target: unknown) => {
      if (isSchema(target)) edges.push({ keyword, target });
    };
    for (const keyword of COMBINATORS) {
      const list = schema[keyword];
      if (Array.isArray(list)) for (const item of list) add(keyword, item);
    }
    add('not', schema.not);
    // ajv runs `if` only with a `then` or an `else`, and those only with an `if`.
    if (schema.if !== undefined && (schema.then !== undefined || schema.else !== undefined)) {
      add('if', schema.if);
      add('then', schema.then);
      add('else', schema.else);
    }
    const dependencyKeywords = isModernDraft(this.draft) ? ['dependencies', 'dependentSchemas'] : ['dependencies'];
    for (const keyword of dependencyKeywords) {
      const map = schema[keyword];
      if (isSchema(map)) for (const value of Object.values(map)) add(keyword, value);
    }
    if (typeof schema.$ref === 'string') add('$ref', this.resolve(schema.$ref, this.places.get(schema)!.base));
    if (isModernDraft(this.draft)) {
      if (typeof schema.$dynamicRef === 'string') {
        for (const target of this.dynamicTargets(schema, `$dynamicAnchor ${schema.$dynamicRef.slice(1)}`)) add('$dynamicRef', target);
      }
      if (typeof schema.$recursiveRef === 'string')
        for (const target of this.dynamicTargets(schema, '$recursiveAnchor')) add('$recursiveRef', target);
    }
    return edges;
  }

  /**
   * What a `$dynamicRef` or `$recursiveRef` may call in ajv: a schema with the matching dynamic anchor
   * (through the hub of that anchor), or else the function it is compiled in (the root, or an enclosing
   * schema compiled on its own: a reference's target or a dynamic anchor). All of them, to be safe.
   */
  private dynamicTargets(from: Schema, hubName: string): Schema[] {
    const hub = this.hubs.get(hubName);
    const targets: Schema[] = hub === undefined ? [] : [hub];
    for (let schema: Schema | null = from; schema !== null; schema = this.places.get(schema)!.parent) {
      if (schema === this.root || this.refTargets.has(schema) || typeof schema.$dynamicAnchor === 'string' || schema.$recursiveAnchor === true) {
        targets.push(schema);
      }
    }
    return targets;
  }

  /** The subschemas `schema` applies to parts of its value. */
  private descending(schema: Schema): Schema[] {
    const out: Schema[] = [];
    for (const keyword of SINGLE_DESCENDING) if (isSchema(schema[keyword])) out.push(schema[keyword] as Schema);
    for (const keyword of LIST_DESCENDING) {
      const list = schema[keyword];
      if (Array.isArray(list)) for (const item of list) if (isSchema(item)) out.push(item);
    }
    for (const keyword of MAP_DESCENDING) {
      const map = schema[keyword];
      if (isSchema(map)) for (const value of Object.values(map)) if (isSchema(value)) out.push(value);
    }
    return out;
  }

  /** The subschemas the root applies, in place or to parts of the value ($defs only through a reference). */
  private applied(): Set<Schema> {
    const seen = new Set<Schema>([this.root]);
    const queue: Schema[] = [this.root];
    while (queue.length > 0) {
      const schema = queue.pop()!;
      for (const next of [...this.inPlace(schema).map((edge) => edge.target), ...this.descending(schema)]) {
        if (!seen.has(next) && this.places.has(next)) {
          seen.add(next);
          queue.push(next);
        }
      }
    }
    return seen;
  }

  /** A cycle of in-place edges among the applied subschemas (depth-first, without recursion), or null. */
  findCycle(): Step[] | null {
    const ON_PATH = 1;
    const DONE = 2;
    const state = new Map<Schema, number>();
    for (const start of this.applied()) {
      if (state.has(start)) continue;
      const path: Array<{ schema: Schema; edges: Edge[]; next: number }> = [{ schema: start, edges: this.inPlace(start), next: 0 }];
      state.set(start, ON_PATH);
      while (path.length > 0) {
        const frame = path[path.length - 1]!;
        if (frame.next === frame.edges.length) {
          state.set(frame.schema, DONE);
          path.pop();
          continue;
        }
        const edge = frame.edges[frame.next++]!;
        const seen = state.get(edge.target);
        if (seen === ON_PATH) {
          const from = path.findIndex((step) => step.schema === edge.target);
          return path.slice(from).map((step, index, steps) => {
            const to = steps[index + 1]?.schema ?? edge.target;
            // The edge each step left by is the one before its `next`.
            return { from: step.schema, keyword: step.edges[step.next - 1]!.keyword, to };
          });
        }
        if (seen === undefined && this.places.has(edge.target)) {
          state.set(edge.target, ON_PATH);
          path.push({ schema: edge.target, edges: this.inPlace(edge.target), next: 0 });
        }
      }
    }
    return null;
  }
}

function resolveUri(ref: string, base: string): string | undefined {
  try {
    return new URL(ref, base).href;
  } catch {
    return undefined;
  }
}

/** [the URI without its fragment, the fragment as written (percent-encoded)]. */
function splitFragment(uri: string): [string, string] {
  const hash = uri.indexOf('#');
  return hash === -1 ? [uri, ''] : [uri.slice(0, hash), uri.slice(hash + 1)];
}

function decodeFragment(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

const escapeToken = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');
const unescapeToken = (token: string) => token.replace(/~1/g, '/').replace(/~0/g, '~');
