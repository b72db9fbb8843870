/**
 * The wire contract is written once (domain/wire/): the server validates and documents with its schemas, the
 * client takes only its types. Lint forbids a value import of it in browser code; this checks the outcome in
 * the client the tests built: none of the schema builder's code reached the visitors' bundle.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEST_CLIENT_DIR } from '../support/paths';

/** A marker every TypeBox schema builder module carries (its kind tag). */
const TYPEBOX_MARKER = '~kind';

const scriptsIn = (dir: string) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.js') || name.endsWith('.mjs'))
    .map((name) => readFileSync(join(dir, name), 'utf8'));

describe('the wire contract in the client', () => {
  it('the marker is TypeBox’s own, so its absence below means something', () => {
    const builder = readFileSync(join('node_modules/typebox/build/type/types/object.mjs'), 'utf8');
    expect(builder).toContain(TYPEBOX_MARKER);
  });

  it('the built client holds none of the schema builder: the browser takes the contract as types', () => {
    const scripts = scriptsIn(TEST_CLIENT_DIR);
    expect(scripts.length).toBeGreaterThan(3);
    for (const script of scripts) expect(script.includes(TYPEBOX_MARKER)).toBe(false);
  });
});
