/**
 * The demo dataset goes in the way every dataset does: as import records through an import session, in
 * one write transaction. The generator is deterministic, so two first starts racing on one new file stage
 * the same records and the second applies no change.
 */
import type { LocationStore } from '../store/LocationStore';
import { generateLocations } from './generate';
import { loadProvinceAreas } from './placement';

export async function seedStore(
  store: LocationStore,
  options: { totalPoints?: number; seed?: number } = {},
): Promise<number> {
  const session = await store.beginImport();
  try {
    let n = 0;
    for (const record of generateLocations(loadProvinceAreas(), options)) await session.stage(record, `demo ${++n}`);
    await session.flush();
    const { summary } = await session.apply({ prune: false });
    await session.commit();
    return summary.inserted;
  } catch (error) {
    await session.rollback();
    throw error;
  }
}
