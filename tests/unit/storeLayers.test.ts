/**
 * The store's decorators (the database's reach, the version guard) are explicit objects typed as the store, so
 * the compiler asks for every member, and they are layered in one place, server/derived/storeLayers.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../support/sourceFiles';

const server = sourceFiles('server').map((file) => ({ file, text: readFileSync(file, 'utf8') }));

describe('the store is layered in one place', () => {
  it('no Proxy stands in for a store', () => {
    expect(server.filter((s) => /new Proxy\(/.test(s.text)).map((s) => s.file)).toEqual([]);
  });

  it('the reach and the guard are applied only in storeLayers.ts', () => {
    const applying = server
      .filter((s) => /\.wrap\(store\)|guardStore\(/.test(s.text) && !/export function guardStore/.test(s.text))
      .map((s) => s.file);
    expect(applying).toEqual([join('server', 'derived', 'storeLayers.ts')]);
  });
});
