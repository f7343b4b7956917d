// The dashboard's request bodies (sign-up, key names, plan changes): one zod schema each. Their messages are the
// ones the dashboard shows as they are. Not registered for the OpenAPI document: the dashboard's API is internal.
import { z } from 'zod';
import { ApiError } from './errors';

const requiredString = (field: string) => z.string({ error: `"${field}" is required and must be a string.` });

export const SignupBodySchema = z.object({ email: requiredString('email'), password: requiredString('password') });

/** The name's text (one line, no control characters, at most 64 characters) is the accounts' rule: cleanName. */
export const KeyNameBodySchema = z.object({ name: z.string({ error: 'Give the key a name (a string).' }) });

/** An unknown plan id is refused by the accounts (setPlan), with the list of plans. */
export const PlanBodySchema = z.object({ plan: requiredString('plan') });

/** The body as its schema reads it, or a 400 naming the first problem (the forms show one message at a time). */
export function parseDashboardBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  throw new ApiError('bad_request', result.error.issues[0]!.message);
}
