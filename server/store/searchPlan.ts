/**
 * How both stores answer a name search fast when the best results are name starts. A prefix of a name's
 * folded text is a prefix of its sort key too (the key maps letters one by one; digits are padded, so
 * queries with digits skip this), and the key is indexed: the whole-name and name-start matches come from
 * one index range in name order, stopping at the limit. Only when they do not fill it are the word-start
 * and elsewhere matches searched, through the trigram index or a scan. With a point given, ties go by
 * distance, which no index orders: the plain ranked query answers.
 */
import type { FacetValues } from '../../domain/filters';
import { nameSortKey } from '../../domain/text';
import { provinceIsoOfKey, typeIdOfKey } from './catalogueKeys';
import type { PointRow, SearchQuery, SearchRow } from './LocationStore';

/** A search answer's row as both stores select it. */
export type SearchRecord = PointRow & FacetValues & { type_id: number; province_id: number; name_folded: string };
export const SEARCH_COLUMNS = 'guid, name, lat, lon, type_id, province_id, name_folded, gender, legal, supervision';

export const searchRowOf = (r: SearchRecord): SearchRow => ({
  guid: r.guid,
  name: r.name,
  lat: r.lat,
  lon: r.lon,
  typeId: typeIdOfKey.get(r.type_id)!,
  provinceIso: provinceIsoOfKey.get(r.province_id)!,
  gender: r.gender,
  legal: r.legal,
  supervision: r.supervision,
});

/** Sorts after every key that starts with the given one (U+10FFFF is the largest code point). */
export const KEY_RANGE_END = '\u{10FFFF}';

export interface SearchSteps {
  /** Rows whose sort key starts with `key`, in key order, at most `limit`, with their folded names. */
  byKeyPrefix(key: string, limit: number): Promise<(SearchRow & { folded: string })[]>;
  /** The ranked query; with `skipPrefixes`, only matches that are not name starts (ranks 2 and 3). */
  ranked(limit: number, skipPrefixes: boolean): Promise<SearchRow[]>;
}

export async function planSearch(query: SearchQuery, steps: SearchSteps): Promise<SearchRow[]> {
  if (query.near !== null || /\d/.test(query.folded)) return steps.ranked(query.limit, false);
  const starts = await steps.byKeyPrefix(nameSortKey(query.folded), query.limit);
  // Whole-name matches first; the key order is kept within each rank (Array.prototype.sort is stable).
  const head = starts
    .sort((a, b) => Number(a.folded !== query.folded) - Number(b.folded !== query.folded))
    .map(({ folded: _folded, ...row }) => row);
  if (head.length >= query.limit) return head;
  return [...head, ...(await steps.ranked(query.limit - head.length, true))];
}
