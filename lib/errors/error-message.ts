// The words of anything thrown, for a one-line message: libraries throw more than Error objects
// (PGlite's Emscripten file system throws `{ name: 'ErrnoError', errno: 54 }`), and
// `String(thing)` of those says "[object Object]".

/** Emscripten's errno numbers (WASI's) that a data folder can meet, in words. */
const ERRNO_WORDS: Readonly<Record<number, string>> = {
  2: 'permission denied',
  10: 'the file is busy',
  20: 'it already exists',
  28: 'an invalid argument',
  31: 'it is a folder',
  44: 'no such file or folder',
  51: 'no space left on the device',
  54: 'not a folder',
  55: 'the folder is not empty',
  63: 'operation not permitted',
  69: 'a read-only file system',
};

export function errorMessage(thrown: unknown): string {
  if (thrown instanceof Error && thrown.message) return thrown.message;
  if (typeof thrown === 'object' && thrown !== null) {
    const { message, name, errno, code } = thrown as { message?: unknown; name?: unknown; errno?: unknown; code?: unknown };
    if (typeof message === 'string' && message) return message;
    if (typeof errno === 'number') return `${typeof name === 'string' ? name : 'error'} ${errno} (${ERRNO_WORDS[errno] ?? 'a file system error'})`;
    if (typeof code === 'string') return code;
    try {
      const json = JSON.stringify(thrown);
      if (json && json !== '{}') return json;
    } catch {
      // a cycle: the name below
    }
    if (typeof name === 'string' && name) return name;
  }
  return thrown instanceof Error ? thrown.name : String(thrown);
}
