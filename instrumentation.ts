// Runs once when the server starts: the conversion pool's workers start now, not during the
// first large request (starting them takes CPU that requests would otherwise wait for).
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { startConversionPool } = await import('./lib/api/run-converter');
  startConversionPool();
}
