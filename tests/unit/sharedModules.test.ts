/**
 * The API and browser files share one module graph per worker (tools/test/sharedModules.ts): a file there that
 * replaced a module would hand its stand-in to the files after it, or find the real module already loaded.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MODULES_REPLACED } from '../../tools/test/sharedModules';

const SHARED_FOLDERS = ['tests/api', 'tests/e2e'];
const REPLACES_MODULES = /\bvi\.(mock|doMock|unmock|doUnmock|stubEnv|stubGlobal)\(/;

describe('files in a shared module graph', () => {
  it('replace no module and stub nothing global, unless listed to run with a graph of their own', () => {
    const replacing = SHARED_FOLDERS.flatMap((folder) =>
      readdirSync(folder, { recursive: true, encoding: 'utf8' })
        .filter((name) => name.endsWith('.ts'))
        .map((name) => join(folder, name))
        .filter((file) => REPLACES_MODULES.test(readFileSync(file, 'utf8'))),
    );
    expect(replacing.sort()).toEqual([...MODULES_REPLACED].sort());
  });
});
