// The plan's input limit, checked on the UTF-8 size of `input` before any parsing.
import { utf8ByteLength } from '@/lib/converter/utf8';
import { formatOverLimit } from '@/lib/format/format-bytes';
import { ApiError } from '@/lib/errors/api-error';

/** The part of the request context the check needs (a plain object, so it can travel to a worker). */
export interface InputLimit {
  /** The plan's input limit, in UTF-8 bytes of `input`. */
  maxInputBytes: number;
  /** Named in the message when set. */
  planName?: string;
}

export function checkInputSizeOrThrow(input: string, ctx: InputLimit): void {
  // A UTF-16 unit is at least one UTF-8 byte: short strings need no count.
  if (input.length <= ctx.maxInputBytes / 3) return;
  const size = utf8ByteLength(input);
  if (size <= ctx.maxInputBytes) return;
  const shown = formatOverLimit(size, ctx.maxInputBytes);
  const limit = ctx.planName ? `the ${ctx.planName} plan accepts up to ${shown.limit}` : `the limit is ${shown.limit}`;
  throw new ApiError('payload_too_large', `Input is ${shown.size}; ${limit}.`);
}
