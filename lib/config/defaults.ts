// Defaults of the variables whose users need them outside lib/config too (no imports: the Next.js
// and front bundles take these without the configuration's parser).

/** The largest plan's input limit (Enterprise, 100 MB). */
export const DEFAULT_MAX_INPUT_BYTES = 100_000_000;
/** Heap of one conversion worker (MB): a 10 MB YAML document needs about 800 MB today. */
export const DEFAULT_CONVERSION_MEMORY_MB = 2048;
/** Wall-clock limit of one conversion in a worker. */
export const DEFAULT_CONVERSION_TIMEOUT_MS = 120_000;
export const DEFAULT_PORT = 3000;
/** Days an account keeps its paid plan after a payment fails (the owner is mailed at once), then it falls to Free. */
export const DEFAULT_BILLING_GRACE_DAYS = 7;
