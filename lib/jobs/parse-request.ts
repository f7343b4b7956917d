// Checks a request body (or query) against its schema; any problem is a 400 naming the fields.
import type { z } from 'zod';
import { ApiError } from '@/lib/errors/api-error';

export function parseRequestOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const messages = [...new Set(result.error.issues.map((issue) => issue.message))];
  throw new ApiError('bad_request', messages.join(' '));
}
