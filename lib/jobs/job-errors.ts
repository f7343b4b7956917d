// How a job's error crosses a worker thread, or reaches another copy of these modules (the front's
// bundle and Next's each load their own lib/, and share one pool): as the error's own `toJSON()`
// data, revived here with this copy's classes, so `instanceof` holds where it is caught.
import { ConversionError, type ConversionErrorJson, DeadlineExceeded, type DeadlineExceededJson } from '@/lib/converter';
import { ApiError, type ApiErrorJson } from '@/lib/errors/api-error';

/** Anything else a job threw (a bug): its stack, logged as a 500 where it is revived. */
export interface CrashJson {
  name: 'Crash';
  message: string;
}

export type SerializedError = ApiErrorJson | ConversionErrorJson | DeadlineExceededJson | CrashJson;

/** The error as data: ApiError (and its subclasses), ConversionError and DeadlineExceeded by their toJSON(), anything else as a crash. */
export function serializeError(err: unknown): SerializedError {
  if (err instanceof ApiError || err instanceof ConversionError || err instanceof DeadlineExceeded) return err.toJSON();
  return { name: 'Crash', message: err instanceof Error ? (err.stack ?? err.message) : String(err) };
}

/** The error that data stands for, made with this copy's classes. */
export function reviveError(json: SerializedError): Error {
  switch (json.name) {
    case 'DeadlineExceeded':
      return new DeadlineExceeded((json as DeadlineExceededJson).afterMs);
    case 'Crash':
      return new Error(`conversion failed: ${json.message}`);
    case 'ConversionError': {
      const { code, message, details } = json as ConversionErrorJson;
      return new ConversionError(code, message, details);
    }
    default: {
      const { code, message, ...options } = json as ApiErrorJson;
      return new ApiError(code, message, { details: options.details, headers: options.headers, dependencies: options.dependencies });
    }
  }
}
