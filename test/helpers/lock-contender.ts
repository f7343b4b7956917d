// A process for the lock tests: on `lock <folder>` it tries to take the folder's lock and prints
// `won` or `lost <message>`; `release` lets it go. Prints `ready` once it reads commands.
import { createInterface } from 'node:readline';
import { lockDataDir, type DataDirLock } from '../../lib/db/data-lock';

let held: DataDirLock | null = null;
const input = createInterface({ input: process.stdin });
input.on('line', (line) => {
  const [command, ...rest] = line.split(' ');
  if (command === 'lock') {
    try {
      held = lockDataDir(rest.join(' '));
      console.log('won');
    } catch (err) {
      console.log(`lost ${err instanceof Error ? err.message : String(err)}`);
    }
  } else if (command === 'release') {
    held?.release();
    held = null;
    console.log('released');
  }
});
input.on('close', () => process.exit(0));
console.log('ready');
