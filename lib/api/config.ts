// Server configuration from environment variables, validated once at start-up. Defaults live here and in .env.example.
import 'server-only';
import { z } from 'zod';
import { dependencyTimeoutMs } from '@/lib/dependencies';
import { bodyGateLimits } from './body-gate';
import packageJson from '@/package.json';

/** The largest plan's input limit (Enterprise, 100 MB). */
export const DEFAULT_MAX_INPUT_BYTES = 100_000_000;

/** Heap of one conversion worker (MB): a 10 MB YAML document needs about 800 MB today. */
export const DEFAULT_CONVERSION_MEMORY_MB = 2048;
/** Wall-clock limit of one conversion in a worker. */
export const DEFAULT_CONVERSION_TIMEOUT_MS = 120_000;

const positiveInt = (name: string, unit: string) =>
  z
    .string()
    .regex(/^[1-9][0-9]*$/, `${name} must be a positive whole number of ${unit}`)
    .transform(Number)
    .pipe(z.number().max(Number.MAX_SAFE_INTEGER, `${name} is too large`))
    .optional();

const EnvSchema = z.object({
  MAX_INPUT_BYTES: positiveInt('MAX_INPUT_BYTES', 'bytes'),
  CONVERSION_MEMORY_MB: positiveInt('CONVERSION_MEMORY_MB', 'MB'),
  CONVERSION_TIMEOUT_MS: positiveInt('CONVERSION_TIMEOUT_MS', 'milliseconds'),
});

export interface ApiConfig {
  /** The version reported by /api/health and the OpenAPI document. */
  version: string;
  /** Input limit used when no guard sets a per-plan one. */
  maxInputBytes: number;
  /** Heap limit of one conversion worker, MB. */
  conversionMemoryMb: number;
  /** Time limit of one conversion in a worker, ms. */
  conversionTimeoutMs: number;
}

/** Reads and validates the configuration; throws one readable error for a bad value. */
export function loadConfig(env: Record<string, string | undefined>): ApiConfig {
  const names = Object.keys(EnvSchema.shape) as Array<keyof typeof EnvSchema.shape>;
  const parsed = EnvSchema.safeParse(Object.fromEntries(names.map((n) => [n, env[n] || undefined])));
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((i) => `${i.message} (got ${JSON.stringify(env[String(i.path[0])])})`)
      .join('; ');
    throw new Error(`Invalid configuration: ${problems}.`);
  }
  // Checked here, at start-up; the database and Redis clients and the body gate read them when they are created.
  dependencyTimeoutMs('database', env);
  dependencyTimeoutMs('redis', env);
  bodyGateLimits(env);
  return {
    version: packageJson.version,
    maxInputBytes: parsed.data.MAX_INPUT_BYTES ?? DEFAULT_MAX_INPUT_BYTES,
    conversionMemoryMb: parsed.data.CONVERSION_MEMORY_MB ?? DEFAULT_CONVERSION_MEMORY_MB,
    conversionTimeoutMs: parsed.data.CONVERSION_TIMEOUT_MS ?? DEFAULT_CONVERSION_TIMEOUT_MS,
  };
}

export const config: ApiConfig = loadConfig(process.env);
