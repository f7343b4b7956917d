// `npm start` / `npm run dev`: the server, in one process. Its code is lib/http/server.ts, which
// scripts/build-worker.mjs bundles with the API front into build/server.mjs (part of `npm run build`
// and `npm run dev`): one copy of lib/ for the services and the front (ARCHITECTURE.md, "One process,
// two copies of lib/").
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { errorMessage } from '@/lib/errors/error-message';

async function main(): Promise<void> {
  const file = path.join(process.cwd(), 'build', 'server.mjs');
  let server: { startServer(argv: string[]): Promise<void> };
  try {
    server = (await import(pathToFileURL(file).href)) as typeof server;
  } catch (err) {
    throw new Error(`cannot load ${file} (run \`npm run build\`): ${errorMessage(err)}`);
  }
  await server.startServer(process.argv.slice(2));
}

main().catch((err: unknown) => {
  console.error(`[yamljson] could not start: ${errorMessage(err)}`);
  process.exit(1);
});
