import { ConversionError } from '@/lib/converter';

/** Runs `run` and returns the ConversionError it throws; anything else fails the test. */
export function conversionError(run: () => unknown): ConversionError {
  try {
    run();
  } catch (err) {
    if (err instanceof ConversionError) return err;
    throw err;
  }
  throw new Error('expected a ConversionError');
}
