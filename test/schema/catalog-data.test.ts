// schemastore/ is what `npm run catalog:build` makes of the SchemaStore snapshot in ../shared: the same
// commit, every entry SchemaStore hosts itself with its name, description and patterns, the others as
// hosted elsewhere, and each built-in schema the snapshot's file (white space between tokens aside).
import fs from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { bundledCatalog } from '@/lib/catalog/bundled-catalog';
import { catalogIdOfUrl } from '@/lib/schema/catalog/uris';

const SNAPSHOT = path.resolve(__dirname, '../../../shared/schemastore');
const catalog = bundledCatalog();

describe('the built-in catalog against the SchemaStore snapshot', () => {
  it("names the snapshot's commit and ships its licence", () => {
    const readme = fs.readFileSync(path.join(SNAPSHOT, 'README.md'), 'utf8');
    expect(readme).toContain(`commit ${catalog.index.source.commit}`);
    expect(fs.readFileSync(path.join(__dirname, '../../schemastore/LICENSE'), 'utf8')).toBe(fs.readFileSync(path.join(SNAPSHOT, 'LICENSE'), 'utf8'));
  });

  it("has every snapshot entry, built in when SchemaStore hosts its file, in the catalog's order", () => {
    const snapshot = (JSON.parse(fs.readFileSync(path.join(SNAPSHOT, 'catalog.json'), 'utf8')) as { schemas: Array<Record<string, unknown>> })
      .schemas;
    const files = new Set(fs.readdirSync(path.join(SNAPSHOT, 'schemas')));
    const builtIn = snapshot.filter((entry) => {
      const id = catalogIdOfUrl(String(entry.url));
      return id !== undefined && files.has(`${id}.json`);
    });
    const shape = (entry: { name?: unknown; description?: unknown; fileMatch?: unknown }) => ({
      name: entry.name,
      description: entry.description,
      fileMatch: entry.fileMatch ?? [],
    });
    expect(catalog.entries.map(shape)).toStrictEqual(builtIn.map(shape));
    expect(catalog.external.map(shape)).toStrictEqual(snapshot.filter((entry) => !builtIn.includes(entry)).map(shape));
    expect(catalog.entries.length + catalog.external.length).toBe(1414);
  });

  it('holds each schema as the snapshot has it', () => {
    const ids = Object.keys(catalog.index.files);
    expect(ids).toHaveLength(693);
    for (const id of ids) {
      const original = fs.readFileSync(path.join(SNAPSHOT, 'schemas', `${id}.json`), 'utf8').replace(/^\uFEFF/, '');
      const text = catalog.text(id)!;
      // node's deep equality: vitest's toStrictEqual finds tslint's schema unequal even to itself parsed twice.
      expect(isDeepStrictEqual(JSON.parse(text), JSON.parse(original)), id).toBe(true);
      expect(text.length, id).toBeLessThanOrEqual(original.length);
    }
  });
});
