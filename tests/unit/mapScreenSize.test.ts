/**
 * The map screen stays a screen, not a hallway (issue 56): `MapScreenView` at most 100 lines and 15 hooks. A new
 * map feature joins through a registry or a hook of its own (useAskAnswer, useMapOverlays), not as more lines here.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const source = readFileSync(new URL('../../src/map/MapView.tsx', import.meta.url), 'utf8');
const view = /^function MapScreenView[\s\S]*?^}$/m.exec(source)?.[0] ?? '';

describe('MapScreenView', () => {
  it('is found', () => expect(view).not.toBe(''));
  it('has at most 100 lines', () => expect(view.split('\n').length).toBeLessThanOrEqual(100));
  it('calls at most 15 hooks', () => expect(view.match(/\buse[A-Z]\w*\(/g)?.length ?? 0).toBeLessThanOrEqual(15));
});
