// Server configuration from environment variables, validated once at start-up. Defaults live here and in .env.example.
import 'server-only';
import { z } from 'zod';
import packageJson from '@/package.json';

/** The largest plan's input limit (Enterprise, 100 MB). */
export const DEFAULT_MAX_INPUT_BYTES = 100_000_000;

const EnvSchema = z.object({
  MAX_INPUT_BYTES: z
    .string()
    .regex(/^[1-9][0-9]*$/, 'MAX_INPUT_BYTES must be a positive whole number of bytes')
    .transform(Number)
    .pipe(z.number().max(Number.MAX_SAFE_INTEGER, 'MAX_INPUT_BYTES is too large'))
    .optional(),
});

export interface ApiConfig {
  /** The version reported by /api/health and the OpenAPI document. */
  version: string;
  /** Input limit used when no guard sets a per-plan one. */
  maxInputBytes: number;
}

/** Reads and validates the configuration; throws one readable error for a bad value. */
export function loadConfig(env: Record<string, string | undefined>): ApiConfig {
  const parsed = EnvSchema.safeParse({ MAX_INPUT_BYTES: env.MAX_INPUT_BYTES || undefined });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => i.message).join('; ');
    throw new Error(`Invalid configuration: ${problems} (got ${JSON.stringify(env.MAX_INPUT_BYTES)}).`);
  }
  return {
    version: packageJson.version,
    maxInputBytes: parsed.data.MAX_INPUT_BYTES ?? DEFAULT_MAX_INPUT_BYTES,
  };
}

export const config: ApiConfig = loadConfig(process.env);
