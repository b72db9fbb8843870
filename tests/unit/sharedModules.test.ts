/**
 * The browser files share one module graph per worker (tools/test/sharedModules.ts): a file there that replaced a
 * module or stubbed a global would hand its stand-in to the files after it, or find the real module already loaded.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHARED_MODULE_FOLDERS } from '../../tools/test/sharedModules';

const REPLACES_MODULES = /\bvi\.(mock|doMock|unmock|doUnmock|stubEnv|stubGlobal)\(/;

describe('files in a shared module graph', () => {
  it('replace no module and stub nothing global', () => {
    const replacing = SHARED_MODULE_FOLDERS.flatMap((folder) =>
      readdirSync(folder, { recursive: true, encoding: 'utf8' })
        .filter((name) => name.endsWith('.ts'))
        .map((name) => join(folder, name))
        .filter((file) => REPLACES_MODULES.test(readFileSync(file, 'utf8'))),
    );
    expect(replacing).toEqual([]);
  });
});
