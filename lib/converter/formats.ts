import { ConversionError } from './errors';
import type { Format, ValidateType } from './types';

export const FORMATS: readonly Format[] = ['yaml', 'json'];
export const VALIDATE_TYPES: readonly ValidateType[] = ['yaml', 'json', 'jsonc'];

/** Case-insensitive; `yml` means `yaml`. Returns null for anything else. */
export function normalizeFormat(value: string): Format | null {
  const v = value.trim().toLowerCase();
  if (v === 'yaml' || v === 'yml') return 'yaml';
  if (v === 'json') return 'json';
  return null;
}

export function normalizeValidateType(value: string): ValidateType | null {
  const v = value.trim().toLowerCase();
  if (v === 'jsonc') return 'jsonc';
  return normalizeFormat(v);
}

export function parseFormatOrThrow(value: unknown, field: string): Format {
  const f = typeof value === 'string' ? normalizeFormat(value) : null;
  if (!f) {
    throw new ConversionError('bad_request', `Unknown ${field} ${JSON.stringify(value)}; accepted: yaml (or yml), json.`);
  }
  return f;
}

export function parseValidateTypeOrThrow(value: unknown, field = 'type'): ValidateType {
  const t = typeof value === 'string' ? normalizeValidateType(value) : null;
  if (!t) {
    throw new ConversionError('bad_request', `Unknown ${field} ${JSON.stringify(value)}; accepted: yaml (or yml), json, jsonc.`);
  }
  return t;
}
