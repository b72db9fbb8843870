/**
 * Every Mantine component the app uses is drawn with its own stylesheet: the app imports Mantine's styles one
 * component at a time (src/styles/mantine.ts), and a component whose sheet is left out renders unstyled (the
 * report form's radio buttons were solid black discs). Reads every view's imports from '@mantine/core'.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../support/sourceFiles';

const STYLES = 'node_modules/@mantine/core/styles';

/** The names imported from '@mantine/core' anywhere under src/ (types left out). */
function usedComponents(): string[] {
  const names = new Set<string>();
  for (const file of sourceFiles('src'))
    for (const [, list] of readFileSync(file, 'utf8').matchAll(/import\s*\{([^}]+)\}\s*from\s*'@mantine\/core'/g))
      for (const entry of list!.split(','))
        if (!/^\s*type\s/.test(entry) && entry.trim()) names.add(entry.trim().split(/\s+as\s+/)[0]!);
  return [...names].sort();
}

describe("Mantine's styles", () => {
  const imported = readFileSync('src/styles/mantine.ts', 'utf8');
  const withSheet = usedComponents().filter((name) => existsSync(`${STYLES}/${name}.css`));

  it('finds the components the views use', () => {
    expect(withSheet).toEqual(expect.arrayContaining(['Button', 'Radio', 'Badge']));
  });

  it.each(withSheet)('%s has its stylesheet imported', (name) => {
    expect(imported).toContain(`'@mantine/core/styles/${name}.css'`);
  });
});
