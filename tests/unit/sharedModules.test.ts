/**
 * The browser files share one module graph per worker (`isolate: false` in vitest.config.ts): a file there that
 * replaced a module or stubbed a global would hand its stand-in to the files after it, or find the real module
 * already loaded.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The browser project's folder (vitest.config.ts, project e2e). */
const SHARED_MODULE_FOLDER = 'tests/e2e';
const REPLACES_MODULES = /\bvi\.(mock|doMock|unmock|doUnmock|stubEnv|stubGlobal)\(/;

describe('files in a shared module graph', () => {
  it('replace no module and stub nothing global', () => {
    const replacing = readdirSync(SHARED_MODULE_FOLDER, { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.ts'))
      .map((name) => join(SHARED_MODULE_FOLDER, name))
      .filter((file) => REPLACES_MODULES.test(readFileSync(file, 'utf8')));
    expect(replacing).toEqual([]);
  });
});
