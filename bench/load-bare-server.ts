/**
 * The baseline of the small-request load test: a bare node:http server that reads the JSON body
 * and calls the same `convert` as the API, with no key check, quota, schema, size check or worker.
 *
 *   node --import tsx bench/load-bare-server.ts <port>
 *
 * Prints "listening <port>" once it accepts connections.
 */
import http from 'node:http';
import { convert, isConversionError } from '../lib/converter/index';

const port = Number(process.argv[2] ?? 3390);

const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    let status = 200;
    let body: string;
    try {
      body = JSON.stringify(convert(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
    } catch (err) {
      status = isConversionError(err) ? 422 : 400;
      body = JSON.stringify({ success: false, error: { message: err instanceof Error ? err.message : String(err) } });
    }
    res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
    res.end(body);
  });
});

server.listen(port, '127.0.0.1', () => console.log(`listening ${port}`));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.close(() => process.exit(0)));
