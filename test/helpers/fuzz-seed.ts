/**
 * The seed of a property test that used to draw a new one on every run. CI must give the same
 * answer for the same commit, so each such test has a fixed seed; `FUZZ_SEED=random npm test`
 * explores new ones (fast-check prints the seed of a failure), `FUZZ_SEED=<n>` replays one.
 */
export function fuzzSeed(fixed: number): number | undefined {
  const chosen = process.env.FUZZ_SEED;
  if (chosen === 'random') return undefined;
  return chosen ? Number(chosen) : fixed;
}
