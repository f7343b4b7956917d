// Human-readable sizes in decimal units (1 MB = 1,000,000 bytes), as the plans are stated.
const UNITS: Array<[number, string]> = [
  [1e9, 'GB'],
  [1e6, 'MB'],
  [1e3, 'kB'],
];

/** `1400000` -> `1.4 MB`, `1000000` -> `1 MB`, `512` -> `512 bytes`. */
export function formatBytes(bytes: number, decimals = 1): string {
  for (const [size, unit] of UNITS) {
    // 999,999,999 bytes rounds to "1 GB", not "1000 MB".
    const value = (bytes / size).toFixed(decimals);
    if (Number(value) >= 1) return `${trim(value)} ${unit}`;
  }
  return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
}

/**
 * Both sizes for a "too large" message, precise enough that the size visibly exceeds the
 * limit (1,000,001 bytes against 1 MB is not "1 MB; the limit is 1 MB").
 */
export function formatOverLimit(bytes: number, limit: number): { size: string; limit: string } {
  for (let decimals = 1; decimals <= 3; decimals++) {
    const size = formatBytes(bytes, decimals);
    const max = formatBytes(limit, decimals);
    if (unitOf(size) !== unitOf(max) || parseFloat(size) > parseFloat(max)) {
      return { size, limit: formatBytes(limit) };
    }
  }
  return { size: exactBytes(bytes), limit: exactBytes(limit) };
}

/** `1000109` -> `1,000,109 bytes`: a size near a limit, where "1 MB" would hide which side of it it is. */
export function exactBytes(bytes: number): string {
  return `${bytes.toLocaleString('en-US')} ${bytes === 1 ? 'byte' : 'bytes'}`;
}

function trim(n: string): string {
  return n.includes('.') ? n.replace(/\.?0+$/, '') : n;
}

function unitOf(s: string): string {
  return s.slice(s.indexOf(' ') + 1);
}
