/**
 * Who a location is open to, read from its gender value. A woman looking for a centre wants the women's centres
 * and the mixed ones, not the women's alone (the literal filter hid the mixed centres women attend). An audience
 * is a set of gender values applied as the gender filter (values within a filter are OR-ed), so the map, its
 * lists, the statistics and the downloads agree on it without a parameter of their own.
 */
import { foldFacet } from './filters';

export const AUDIENCES = [
  { key: 'women', genders: ['زنانه', 'مختلط'] },
  { key: 'men', genders: ['مردانه', 'مختلط'] },
] as const;

export type AudienceKey = (typeof AUDIENCES)[number]['key'];

/** The gender values, as offered (spelled as the data spells them), that an audience stands for. */
export function gendersOf(key: AudienceKey, offered: readonly string[]): string[] {
  const wanted = new Set<string>(AUDIENCES.find((a) => a.key === key)!.genders.map(foldFacet));
  return offered.filter((value) => wanted.has(foldFacet(value)));
}

/** The audience a chosen set of gender values is exactly, if any. */
export function audienceOf(chosen: readonly string[]): AudienceKey | null {
  const folded = new Set(chosen.map(foldFacet));
  const match = AUDIENCES.find(
    (a) => a.genders.length === folded.size && a.genders.every((g) => folded.has(foldFacet(g))),
  );
  return match?.key ?? null;
}
