// Every schema of the built-in catalog: the ones the index marks usable compile and check a document,
// the others are refused with the index's own words; and all of it without touching the network:
// every way Node has to open a connection or look a name up fails the test while it runs.
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundledCatalog } from '@/lib/catalog/bundled-catalog';
import { ConversionError } from '@/lib/converter';
import { validateDocument } from '@/lib/schema';
import { clearCatalogCache } from '@/lib/schema/catalog/compile-catalog';

const attempts: string[] = [];
const restore: Array<() => void> = [];

function forbid<T extends object>(owner: T, name: keyof T & string, label: string): void {
  const original = owner[name];
  (owner as Record<string, unknown>)[name] = (...args: unknown[]) => {
    attempts.push(`${label}(${String(args[0]).slice(0, 80)})`);
    throw new Error(`network access during a catalog validation: ${label}`);
  };
  restore.push(() => {
    (owner as Record<string, unknown>)[name] = original;
  });
}

beforeAll(() => {
  forbid(net.Socket.prototype, 'connect', 'net.Socket.connect');
  forbid(net, 'connect', 'net.connect');
  forbid(net, 'createConnection', 'net.createConnection');
  forbid(tls, 'connect', 'tls.connect');
  forbid(http, 'request', 'http.request');
  forbid(http, 'get', 'http.get');
  forbid(https, 'request', 'https.request');
  forbid(https, 'get', 'https.get');
  forbid(dns, 'lookup', 'dns.lookup');
  forbid(dns, 'resolve', 'dns.resolve');
  forbid(dns.promises, 'lookup', 'dns.promises.lookup');
  forbid(globalThis, 'fetch', 'fetch');
});

afterAll(() => {
  for (const undo of restore.reverse()) undo();
});

const catalog = bundledCatalog();

describe('the whole catalog, offline', () => {
  it('notices a connection attempt (the guard itself works)', () => {
    const before = attempts.length;
    expect(() => fetch('http://127.0.0.1:9/')).toThrow(/network access/);
    expect(() => dns.lookup('example.com', () => {})).toThrow(/network access/);
    expect(() => new net.Socket().connect(9, '127.0.0.1')).toThrow(/network access/);
    expect(attempts.length - before).toBe(3);
    attempts.length = before;
  });

  it('compiles and checks a document against every usable schema, refuses the others as the index says, and opens no connection', () => {
    clearCatalogCache();
    const ids = [...new Set(catalog.entries.map((entry) => entry.id))];
    const usable: string[] = [];
    const refused: Record<string, string> = {};
    for (const id of ids) {
      const entry = catalog.entries.find((e) => e.id === id)!;
      try {
        const result = validateDocument({ input: '{}', type: 'json', schema: id }, { catalog });
        expect(result.success).toBe(true);
        expect(result.schema?.id).toBe(id);
        usable.push(id);
      } catch (err) {
        expect(err).toBeInstanceOf(ConversionError);
        refused[id] = (err as Error).message;
      }
      if (entry.unusable === undefined) expect(refused[id], id).toBeUndefined();
      else expect(refused[id], id).toBe(entry.unusable);
    }
    expect(attempts).toStrictEqual([]);
    // The figures README.md gives: 643 of the 651 schema files of the catalog's entries; 8 refer to schemas SchemaStore does not host.
    expect({ usable: usable.length, refused: Object.keys(refused).length }).toStrictEqual({ usable: 643, refused: 8 });
    for (const message of Object.values(refused)) expect(message).toMatch(/points outside the catalog, and schemas are never fetched\.$/);
  });
});
