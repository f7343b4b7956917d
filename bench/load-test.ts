/**
 * Load tests of the running app: a server that never stalls. Needs a build (`npm run build`).
 *
 *   npm run bench:load                      small requests: the app against a bare node:http server
 *   npm run bench:load -- --big             100 MB through JSON mode and raw mode, health p99 meanwhile,
 *                                           the body caps, a client that leaves
 *   npm run bench:load -- --big --no-small --directions json2yaml
 *   npm run bench:load -- --hostile         three worst-case inputs at once from a Free account, health p50/p99/max
 *                                           meanwhile (--window <s> per phase, 20)
 *   npm run bench:load -- --fair            a Free account floods the pool with 1 MB jobs (--flood <n>, 3) while
 *                                           another account converts 378 KB (--fair-rounds <n>, 3): its latency vs alone
 *   npm run bench:load -- --loops 3,8       one account's loops send 12 KB of "- ]" lines to convert, then validate, back to back
 *                                           (one phase per count, --window <s> each), health p50/p99/max meanwhile
 *   (--hostile, --fair and --loops skip the small-request rounds.)
 *
 * Options: --seconds <n> (per round, 10), --rounds <n> (3), --connections <n> (10),
 * --port <n> (the app, 3300; the bare server uses port + 1), --big-bytes <n> (99,000,000),
 * --samples <file> (every health probe of --big, as JSON).
 * The API key comes from YJ_API_KEY, else `npm run admin -- create-key --plan enterprise` makes one.
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { runBig } from './load-big';
import { runFair, runHostile, runLoops } from './load-hostile';
import { runSmall } from './load-small';

const { values } = parseArgs({
  options: {
    big: { type: 'boolean', default: false },
    'no-small': { type: 'boolean', default: false },
    seconds: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '10' },
    port: { type: 'string', default: '3300' },
    'big-bytes': { type: 'string', default: '99000000' },
    directions: { type: 'string', default: 'json2yaml,yaml2json' },
    samples: { type: 'string' },
    hostile: { type: 'boolean', default: false },
    window: { type: 'string', default: '20' },
    fair: { type: 'boolean', default: false },
    flood: { type: 'string', default: '3' },
    'fair-rounds': { type: 'string', default: '3' },
    loops: { type: 'string' },
  },
  strict: true,
});

async function main(): Promise<void> {
  const port = Number(values.port);
  console.log(
    `# yamljson load test (${new Date().toISOString()}, Node ${process.versions.node}, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')})`,
  );
  if (!values['no-small'] && !values.hostile && !values.fair && !values.loops) {
    await runSmall({
      appPort: port,
      barePort: port + 1,
      seconds: Number(values.seconds),
      connections: Number(values.connections),
      rounds: Number(values.rounds),
    });
  }
  if (values.big) {
    const directions = values.directions.split(',').map((d) => d.trim());
    for (const d of directions) if (d !== 'json2yaml' && d !== 'yaml2json') throw new Error(`Unknown direction "${d}" (json2yaml, yaml2json).`);
    await runBig({
      appPort: port,
      bytes: Number(values['big-bytes']),
      directions: directions as Array<'json2yaml' | 'yaml2json'>,
      samplesFile: values.samples,
    });
  }
  if (values.hostile) await runHostile({ appPort: port, windowSeconds: Number(values.window) });
  if (values.loops) {
    const loops = values.loops.split(',').map(Number);
    if (!loops.every((n) => Number.isInteger(n) && n > 0)) throw new Error(`--loops takes counts such as 3,8, not "${values.loops}".`);
    await runLoops({ appPort: port, loops, windowSeconds: Number(values.window) });
  }
  if (values.fair) await runFair({ appPort: port, flood: Number(values.flood), rounds: Number(values['fair-rounds']) });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
