// The bundle's entry (scripts/build-cli.mjs -> packages/cli/dist/yamljson.cjs): runs the CLI on this
// process's arguments and streams and sets the exit code (never process.exit: stdout is flushed first).
import { run } from './run';

process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  // `yamljson convert big.yaml | head`: the reader left; nothing more to say.
  if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw err;
});

async function readStdin(): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

run(process.argv.slice(2), { cwd: process.cwd(), env: process.env, stdout: process.stdout, stderr: process.stderr, readStdin }).then((code) => {
  process.exitCode = code;
});
