// The dashboard's request bodies (sign-up, key names, plan changes): one zod schema each. Their messages are the
// ones the dashboard shows as they are. Not registered for the OpenAPI document: the dashboard's API is internal.
import { z } from 'zod';
import { ApiError } from './errors';

const requiredString = (field: string) => z.string({ error: `"${field}" is required and must be a string.` });

export const SignupBodySchema = z.object({ email: requiredString('email'), password: requiredString('password') });

/** The name's text (one line, no control characters, at most 64 characters) is the accounts' rule: cleanName. */
export const KeyNameBodySchema = z.object({ name: z.string({ error: 'Give the key a name (a string).' }) });

/** A new key: its name, and optionally when it expires (an ISO 8601 time; future, at most 2 years ahead: createApiKey). */
export const KeyCreateBodySchema = z.object({
  name: z.string({ error: 'Give the key a name (a string).' }),
  expiresAt: z
    .string({ error: '"expiresAt" must be an ISO 8601 time (a string), or null for a key that does not expire.' })
    .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/, {
      error: '"expiresAt" must be an ISO 8601 time, e.g. 2027-01-31T00:00:00Z (or a date, 2027-01-31, meaning its start in UTC).',
    })
    .nullable()
    .optional(),
});

/** An unknown plan id is refused by the accounts (setPlan), with the list of plans. */
export const PlanBodySchema = z.object({ plan: requiredString('plan') });

/** Checkout: the plan to buy (one sold by checkout: lib/accounts/plans.ts). */
export const CheckoutBodySchema = z.object({ plan: requiredString('plan') });

/** "Talk to us" and support: the message for the operator (its length and characters: lib/billing/requests.ts). */
export const OperatorRequestBodySchema = z.object({ message: requiredString('message') });

/** Forgot password: the address to send the link to. */
export const PasswordResetRequestBodySchema = z.object({ email: requiredString('email') });

/** Reset password: the link's token and the new password. */
export const PasswordResetBodySchema = z.object({ token: requiredString('token'), password: requiredString('password') });

/** Account page: a new password, the current one required. */
export const ChangePasswordBodySchema = z.object({ currentPassword: requiredString('currentPassword'), newPassword: requiredString('newPassword') });

/** Account page: a new address (confirmed by a link sent there), the password required. */
export const ChangeEmailBodySchema = z.object({ newEmail: requiredString('newEmail'), password: requiredString('password') });

/** Account page: deleting the account, the password required. */
export const DeleteAccountBodySchema = z.object({ password: requiredString('password') });

/** The body as its schema reads it, or a 400 naming the first problem (the forms show one message at a time). */
export function parseDashboardBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  throw new ApiError('bad_request', result.error.issues[0]!.message);
}
