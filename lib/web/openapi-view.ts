// Turns the OpenAPI document (the one /api/openapi.json serves) into what /docs renders: operations,
// their examples, the schemas and every error code. Pure and generic: whatever the document holds is shown.

type Json = Record<string, unknown>;

export interface ExampleView {
  name: string;
  summary: string;
  /** The example as it goes over the wire: pretty JSON, or the raw text for text bodies. */
  text: string;
}

export interface MediaView {
  mediaType: string;
  /** A component schema's name, when the body is one. */
  schemaName?: string;
  /** A short type description otherwise. */
  schemaText?: string;
  examples: ExampleView[];
}

export interface HeaderView {
  name: string;
  description: string;
}

export interface ResponseView {
  status: string;
  description: string;
  /** The shared response component this status points at (error responses). */
  componentName?: string;
  headers: HeaderView[];
  contents: MediaView[];
}

export interface ParameterView {
  name: string;
  in: string;
  required: boolean;
  type: string;
  description: string;
  /** The parameter's example, when the document gives one as text (a path parameter's value in the samples). */
  example?: string;
}

export interface OperationView {
  /** Anchor id: the operationId, or method-path. */
  id: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  /** Needs `Authorization: Bearer <key>`. */
  keyed: boolean;
  parameters: ParameterView[];
  requestBody: MediaView[];
  responses: ResponseView[];
}

export interface PropertyView {
  name: string;
  type: string;
  required: boolean;
  description: string;
  /** An enum whose values the document describes one by one (`x-enumDescriptions`), in its order. */
  values?: EnumValueView[];
}

export interface EnumValueView {
  value: string;
  description: string;
}

export interface SchemaView {
  name: string;
  description: string;
  properties: PropertyView[];
  /** For schemas that are not objects. */
  type?: string;
}

export interface ErrorCodeView {
  code: string;
  statuses: string[];
  description: string;
  example?: string;
}

export interface ApiReferenceView {
  title: string;
  version: string;
  description: string;
  securityDescription: string;
  operations: OperationView[];
  schemas: SchemaView[];
  errorCodes: ErrorCodeView[];
}

const METHODS = ['get', 'put', 'post', 'patch', 'delete', 'head', 'options'] as const;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

export function toApiReferenceView(doc: Json): ApiReferenceView {
  const info = isObject(doc.info) ? doc.info : {};
  const components = isObject(doc.components) ? doc.components : {};
  const resolve = (value: unknown): Json => resolveRef(doc, value);
  const globalSecurity = Array.isArray(doc.security) ? doc.security : [];

  const operations: OperationView[] = [];
  const paths = isObject(doc.paths) ? doc.paths : {};
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const op = item[method];
      if (!isObject(op)) continue;
      const security = Array.isArray(op.security) ? op.security : globalSecurity;
      operations.push({
        id: str(op.operationId) || `${method}-${path.replace(/[^a-z0-9]+/gi, '-')}`,
        method: method.toUpperCase(),
        path,
        summary: str(op.summary),
        description: str(op.description),
        keyed: security.some((s) => isObject(s) && Object.keys(s).length > 0),
        parameters: (Array.isArray(op.parameters) ? op.parameters : []).map((p) => {
          const param = resolve(p);
          return {
            name: str(param.name),
            in: str(param.in),
            required: param.required === true,
            type: typeText(param.schema),
            description: str(param.description),
            ...(typeof param.example === 'string' ? { example: param.example } : {}),
          };
        }),
        requestBody: mediaViews(resolve(op.requestBody).content, resolve),
        responses: Object.entries(isObject(op.responses) ? op.responses : {}).map(([status, raw]) => {
          const response = resolve(raw);
          return {
            status,
            description: str(response.description),
            componentName: refName(raw),
            headers: Object.entries(isObject(response.headers) ? response.headers : {}).map(([name, h]) => ({
              name,
              description: str(resolve(h).description),
            })),
            contents: mediaViews(response.content, resolve),
          };
        }),
      });
    }
  }

  const schemaEntries = Object.entries(isObject(components.schemas) ? components.schemas : {});
  const schemas: SchemaView[] = schemaEntries.map(([name, raw]) => {
    const schema = isObject(raw) ? raw : {};
    const view: SchemaView = {
      name,
      description: str(schema.description),
      properties: objectProperties(schema, resolve),
    };
    if (!isObject(schema.properties)) view.type = typeText(schema);
    return view;
  });

  return {
    title: str(info.title),
    version: str(info.version),
    description: str(info.description),
    securityDescription: securityText(components),
    operations,
    schemas,
    errorCodes: errorCodeViews(doc, operations, resolve),
  };
}

/**
 * An object schema's fields in order; a field that is itself an object written in place (not a `$ref`,
 * which links to its own schema) is followed by its own fields, named by their path (`error.code`).
 */
function objectProperties(schema: Json, resolve: (v: unknown) => Json, prefix = '', depth = 0): PropertyView[] {
  const props = isObject(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
  const out: PropertyView[] = [];
  for (const [prop, raw] of Object.entries(props)) {
    const name = `${prefix}${prop}`;
    out.push(propertyView(name, raw, required.has(prop)));
    if (isObject(raw) && raw.$ref === undefined && isObject(raw.properties) && depth < 5) {
      out.push(...objectProperties(raw, resolve, `${name}.`, depth + 1));
    }
  }
  return out;
}

function propertyView(name: string, schema: unknown, required: boolean): PropertyView {
  const values = describedValues(schema);
  const view: PropertyView = {
    name,
    type: values ? `one of the ${values.length} values below` : typeText(schema),
    required,
    description: str(isObject(schema) ? schema.description : undefined),
  };
  if (values) view.values = values;
  return view;
}

/** The values of an enum that `x-enumDescriptions` describes (a list too long to read as a type). */
function describedValues(schema: unknown): EnumValueView[] | undefined {
  if (!isObject(schema) || !Array.isArray(schema.enum)) return undefined;
  const descriptions = schema['x-enumDescriptions'];
  if (!isObject(descriptions)) return undefined;
  return schema.enum.map((value) => ({ value: String(value), description: str(descriptions[String(value)]) }));
}

/** Every code the error body may carry (its schema's enum), with the statuses and examples the document gives it. */
function errorCodeViews(doc: Json, operations: OperationView[], resolve: (v: unknown) => Json): ErrorCodeView[] {
  const components = isObject(doc.components) ? doc.components : {};
  const schemas = isObject(components.schemas) ? components.schemas : {};
  const errorSchema = resolve(schemas.ErrorResponse);
  const errorProps = resolve(resolve(errorSchema.properties).error);
  const codeSchema = resolve(resolve(errorProps.properties).code);
  const codes = Array.isArray(codeSchema.enum) ? codeSchema.enum.map(String) : [];

  // Which statuses point at each response component.
  const statusesOf = new Map<string, Set<string>>();
  for (const op of operations) {
    for (const r of op.responses) {
      if (!r.componentName) continue;
      const set = statusesOf.get(r.componentName) ?? new Set<string>();
      set.add(r.status);
      statusesOf.set(r.componentName, set);
    }
  }

  const responses = isObject(components.responses) ? components.responses : {};
  const meanings = isObject(codeSchema['x-enumDescriptions']) ? codeSchema['x-enumDescriptions'] : {};
  return codes.map((code) => {
    const view: ErrorCodeView = { code, statuses: [], description: str(meanings[code]) };
    for (const [name, raw] of Object.entries(responses)) {
      const response = resolve(raw);
      const content = isObject(response.content) ? response.content : {};
      for (const media of Object.values(content)) {
        const examples = isObject(media) && isObject(media.examples) ? media.examples : {};
        const example = Object.values(examples)
          .map((e) => resolve(e))
          .find((e) => isObject(e.value) && isObject(e.value.error) && e.value.error.code === code);
        if (!example) continue;
        view.example ??= JSON.stringify(example.value, null, 2);
        if (!view.description) view.description = str(response.description);
        for (const status of statusesOf.get(name) ?? []) {
          if (!view.statuses.includes(status)) view.statuses.push(status);
        }
      }
    }
    view.statuses.sort();
    return view;
  });
}

function mediaViews(content: unknown, resolve: (v: unknown) => Json): MediaView[] {
  if (!isObject(content)) return [];
  return Object.entries(content).map(([mediaType, raw]) => {
    const media = isObject(raw) ? raw : {};
    const examples: ExampleView[] = [];
    if (isObject(media.examples)) {
      for (const [name, e] of Object.entries(media.examples)) {
        const example = resolve(e);
        examples.push({ name, summary: str(example.summary) || name, text: exampleText(example.value) });
      }
    } else if ('example' in media) {
      examples.push({ name: 'example', summary: 'Example', text: exampleText(media.example) });
    }
    const view: MediaView = { mediaType, examples };
    const name = refName(media.schema);
    if (name) view.schemaName = name;
    else if (media.schema !== undefined) view.schemaText = typeText(media.schema);
    return view;
  });
}

function exampleText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value, null, 2);
}

function refName(value: unknown): string | undefined {
  if (!isObject(value) || typeof value.$ref !== 'string') return undefined;
  return value.$ref.split('/').pop();
}

function resolveRef(doc: Json, value: unknown, depth = 0): Json {
  if (!isObject(value)) return {};
  if (typeof value.$ref !== 'string' || depth > 10) return value;
  let target: unknown = doc;
  for (const part of value.$ref.replace(/^#\//, '').split('/')) {
    target = isObject(target) ? target[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
  }
  return resolveRef(doc, target, depth + 1);
}

/** A short, readable type: `string`, `array of ValidationIssue`, `"yaml" | "json"`, `integer ≥ 0`. */
export function typeText(schema: unknown): string {
  if (!isObject(schema)) return 'any';
  const ref = refName(schema);
  if (ref) return ref;
  if ('const' in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  for (const key of ['anyOf', 'oneOf'] as const) {
    const list = schema[key];
    if (Array.isArray(list)) return list.map((s) => (isObject(s) && !s.type && !s.$ref ? 'any' : typeText(s))).join(' | ');
  }
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : str(schema.type);
  if (type === 'array') return `array of ${typeText(schema.items)}`;
  if (type === 'integer' || type === 'number') {
    return typeof schema.minimum === 'number' ? `${type} ≥ ${schema.minimum}` : type;
  }
  return type || 'any';
}

function securityText(components: Json): string {
  const schemes = isObject(components.securitySchemes) ? components.securitySchemes : {};
  return Object.values(schemes)
    .map((s) => (isObject(s) ? str(s.description) : ''))
    .filter(Boolean)
    .join(' ');
}
