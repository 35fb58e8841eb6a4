/**
 * The contract's rows (src/contract/endpoints.ts, src/contract/rows/*.ts): the browser calls a row
 * it imports, the server registers the routes of src/contract/catalogue.ts. A row file the catalogue
 * does not spread in would be a call the client can make and the server never answers.
 *
 * Run: node --import tsx --test test/contract/rows.test.ts
 */
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { describe, test } from 'node:test';
import type { Endpoint } from '../../src/contract/endpoint-row.ts';
import { catalogue } from '../../src/contract/catalogue.ts';

const ROWS_DIR = new URL('../../src/contract/rows/', import.meta.url);

/** Every object of rows a row file exports, by file and export name. */
async function rowFiles(): Promise<[string, Record<string, Endpoint>][]> {
  const files = ['../endpoints.ts', ...readdirSync(ROWS_DIR).filter((f) => f.endsWith('.ts'))];
  const found: [string, Record<string, Endpoint>][] = [];
  for (const file of files) {
    const mod = (await import(new URL(file, ROWS_DIR).href)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(mod)) {
      const rows = value as Record<string, Partial<Endpoint>>;
      const isRows = typeof value === 'object' && value !== null && Object.values(rows).every((r) => typeof r?.path === 'string');
      if (isRows) found.push([`${file} ${name}`, value as Record<string, Endpoint>]);
    }
  }
  return found;
}

describe('contract rows', () => {
  test('the catalogue holds every row of every row file, under the same name', async () => {
    const files = await rowFiles();
    assert.ok(files.length >= 4, `row objects found: ${files.map(([f]) => f).join(', ')}`);
    const all = catalogue as Record<string, Endpoint>;
    const missing = files.flatMap(([file, rows]) =>
      Object.entries(rows)
        .filter(([name, row]) => all[name] !== row)
        .map(([name]) => `${file}: ${name}`),
    );
    assert.deepEqual(missing, [], 'rows the server would not register (spread their file into src/contract/catalogue.ts)');
  });

  test('no two rows share a method and a path (one route each)', () => {
    const seen = new Map<string, string>();
    for (const [name, row] of Object.entries(catalogue as Record<string, Endpoint>)) {
      const key = `${row.method} ${row.path}`;
      assert.equal(seen.get(key), undefined, `${name} and ${seen.get(key)} are both ${key}`);
      seen.set(key, name);
    }
  });
});
