// The secrets the operator tests make (besides the fixtures' password and the keys every test makes):
// scripts/scan-logs.ts looks for each in every log of the run.

/** The METRICS_TOKEN the metrics tests start their app with. */
export const TEST_METRICS_TOKEN = 'metrics-token-0123456789abcdef';
