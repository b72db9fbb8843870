/** The rule both stores apply to a database's recorded schema version before they touch it. */
import { StartupError } from '../startupError';

/**
 * Refuses a database made by a newer Makan: its schema has tables or meanings this one does not know, and
 * migrating "down" would lose them. `label` names the database as MAKAN_DB does; `elsewhere` is the other
 * way forward, where there is one.
 */
export function refuseNewerSchema(label: string, stored: number, known: number, elsewhere = ''): void {
  if (stored <= known) return;
  throw new StartupError(
    `MAKAN_DB=${label} has schema version ${stored}, newer than this Makan's ${known}: run a newer Makan${elsewhere}`,
  );
}
