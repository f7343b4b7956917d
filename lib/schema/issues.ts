// ajv's errors -> the service's ValidationIssues: a stable code per class of keyword, the JSON Pointer
// of the offending node, whether it is placed at its key or its value, and a message that names it.
import type { ErrorObject } from 'ajv';
import type { SchemaIssueCode } from '@/lib/converter/issue-codes';
import { childPointer, type Anchor } from './pointer';

const CODES: Readonly<Record<string, SchemaIssueCode>> = {
  type: 'SCHEMA_TYPE',
  required: 'SCHEMA_REQUIRED',
  dependentRequired: 'SCHEMA_REQUIRED',
  dependencies: 'SCHEMA_REQUIRED',
  additionalProperties: 'SCHEMA_ADDITIONAL_PROPERTY',
  unevaluatedProperties: 'SCHEMA_ADDITIONAL_PROPERTY',
  enum: 'SCHEMA_ENUM',
  const: 'SCHEMA_ENUM',
  pattern: 'SCHEMA_PATTERN',
  format: 'SCHEMA_FORMAT',
  minimum: 'SCHEMA_RANGE',
  maximum: 'SCHEMA_RANGE',
  exclusiveMinimum: 'SCHEMA_RANGE',
  exclusiveMaximum: 'SCHEMA_RANGE',
  multipleOf: 'SCHEMA_RANGE',
  minLength: 'SCHEMA_LENGTH',
  maxLength: 'SCHEMA_LENGTH',
  minItems: 'SCHEMA_ITEMS',
  maxItems: 'SCHEMA_ITEMS',
  uniqueItems: 'SCHEMA_ITEMS',
  contains: 'SCHEMA_ITEMS',
  minContains: 'SCHEMA_ITEMS',
  maxContains: 'SCHEMA_ITEMS',
  items: 'SCHEMA_ITEMS',
  prefixItems: 'SCHEMA_ITEMS',
  additionalItems: 'SCHEMA_ITEMS',
  unevaluatedItems: 'SCHEMA_ITEMS',
  minProperties: 'SCHEMA_PROPERTIES',
  maxProperties: 'SCHEMA_PROPERTIES',
  propertyNames: 'SCHEMA_PROPERTIES',
  anyOf: 'SCHEMA_COMBINATOR',
  oneOf: 'SCHEMA_COMBINATOR',
  not: 'SCHEMA_COMBINATOR',
  if: 'SCHEMA_COMBINATOR',
};

/** One violation before it has a position. */
export interface Violation {
  code: SchemaIssueCode;
  message: string;
  /** The node the violation is about (a missing or extra property: that property). */
  path: string;
  /** The node whose place is reported, and at its key or its value. */
  placeAt: string;
  anchor: Anchor;
  keyword: string;
  schemaPath: string;
}

/** `/a/b` as shown in a message; the root is "the document". */
function label(pointer: string): string {
  return pointer === '' ? 'The document' : pointer;
}

function quoted(name: unknown): string {
  return JSON.stringify(String(name));
}

/** Allowed values in a message, cut after a few. */
function listed(values: unknown[]): string {
  const shown = values.slice(0, 8).map((v) => JSON.stringify(v));
  return shown.join(', ') + (values.length > 8 ? `, ... (${values.length} in all)` : '');
}

export function violationOf(error: ErrorObject): Violation {
  const { keyword, instancePath, params } = error;
  const code = CODES[keyword] ?? 'SCHEMA_VIOLATION';
  const common = { code, keyword, schemaPath: error.schemaPath };
  const ajvMessage = error.message ?? `must pass "${keyword}"`;
  // A property's name checked by propertyNames: placed at that key.
  const propertyName = (error as { propertyName?: string }).propertyName;
  if (propertyName !== undefined) {
    const path = childPointer(instancePath, propertyName);
    return {
      ...common,
      path,
      placeAt: path,
      anchor: 'key',
      message: `Property name ${quoted(propertyName)} of ${label(instancePath)}: ${ajvMessage}.`,
    };
  }
  switch (keyword) {
    case 'required':
    case 'dependentRequired':
    case 'dependencies': {
      const missing = String(params.missingProperty);
      const path = childPointer(instancePath, missing);
      if (params.property !== undefined) {
        // Required because another property is there: placed at that property's key.
        const because = childPointer(instancePath, String(params.property));
        const message = `${label(instancePath)} must have the property ${quoted(missing)} when it has ${quoted(params.property)}.`;
        return { ...common, path, placeAt: because, anchor: 'key', message };
      }
      return { ...common, path, placeAt: instancePath, anchor: 'key', message: `${label(instancePath)} must have the property ${quoted(missing)}.` };
    }
    case 'additionalProperties':
    case 'unevaluatedProperties': {
      const extra = String(params.additionalProperty ?? params.unevaluatedProperty);
      const path = childPointer(instancePath, extra);
      return {
        ...common,
        path,
        placeAt: path,
        anchor: 'key',
        message: `${label(instancePath)} has the property ${quoted(extra)}, which the schema does not allow.`,
      };
    }
    case 'enum':
      return {
        ...common,
        path: instancePath,
        placeAt: instancePath,
        anchor: 'value',
        message: `${label(instancePath)} must be one of ${listed(params.allowedValues as unknown[])}.`,
      };
    case 'const':
      return {
        ...common,
        path: instancePath,
        placeAt: instancePath,
        anchor: 'value',
        message: `${label(instancePath)} must be ${JSON.stringify(params.allowedValue)}.`,
      };
    default:
      return { ...common, path: instancePath, placeAt: instancePath, anchor: 'value', message: `${label(instancePath)} ${ajvMessage}.` };
  }
}
