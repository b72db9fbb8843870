import { createHash } from 'node:crypto';

/** Stable GUID of a named thing (a province), so its id is the same in every database and store. */
export function stableGuid(key: string): string {
  const h = createHash('sha1').update(`makan:${key}`).digest('hex').toUpperCase();
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}
