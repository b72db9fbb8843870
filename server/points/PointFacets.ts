/**
 * Each in-memory point's province and filter values, as small integer codes (a few bytes a point), so a
 * filter is a lookup per point and a facet or province count one pass over typed arrays, with no row read
 * from the store. A facet's codes stand for its folded values; the value shown for a code is the first
 * stored spelling met.
 */
import { FACETS, foldFacet, type FacetKey, type Filters } from '../../domain/filters';
import type { FacetCount } from '../../domain/wire/answers';
import type { PointPageRow } from '../store/LocationStore';
import { withRoom } from './withRoom';

interface FacetColumn {
  codes: Uint16Array;
  /** The shown value of each code. */
  values: string[];
  /** Code of each folded value. */
  codeOf: Map<string, number>;
}

export interface PointFacets {
  /** The province's catalogue key (1-based) of each point. */
  province: Uint8Array;
  columns: Record<FacetKey, FacetColumn>;
}

/** A compiled filter: `passes(id)` for each point id; null when no filter holds a value (everything passes). */
export type PointFilter = ((id: number) => boolean) | null;

/** The most distinct values one facet of a type may have (a code is 16 bits); beyond, they share the last. */
const MAX_CODES = 0xffff;

export class PointFacetsBuilder {
  private count = 0;
  private province = new Uint8Array(1024);
  private readonly columns = Object.fromEntries(
    FACETS.map(({ key }) => [key, { codes: new Uint16Array(1024), values: [], codeOf: new Map() }]),
  ) as unknown as Record<FacetKey, FacetColumn>;

  append(rows: readonly PointPageRow[]): void {
    const end = this.count + rows.length;
    this.province = withRoom(this.province, end);
    for (const { key } of FACETS) this.columns[key].codes = withRoom(this.columns[key].codes, end);
    rows.forEach((row, i) => {
      const at = this.count + i;
      this.province[at] = row.provinceKey;
      for (const { key, field } of FACETS) {
        const column = this.columns[key];
        const folded = foldFacet(row[field]);
        let code = column.codeOf.get(folded);
        if (code === undefined) {
          code = Math.min(column.values.length, MAX_CODES - 1);
          if (code === column.values.length) {
            column.values.push(row[field]);
            column.codeOf.set(folded, code);
          }
        }
        column.codes[at] = code;
      }
    });
    this.count = end;
  }

  build(): PointFacets {
    const columns = Object.fromEntries(
      FACETS.map(({ key }) => {
        const column = this.columns[key];
        return [key, { ...column, codes: column.codes.slice(0, this.count) }];
      }),
    ) as unknown as Record<FacetKey, FacetColumn>;
    return { province: this.province.slice(0, this.count), columns };
  }
}

export const facetsBytes = (facets: PointFacets): number =>
  facets.province.byteLength + FACETS.reduce((sum, { key }) => sum + facets.columns[key].codes.byteLength, 0);

/** Which codes of each filtered facet pass; facets without values are left out (they pass everything). */
function acceptedCodes(facets: PointFacets, filters: Filters): [Uint16Array, Uint8Array][] {
  return FACETS.filter(({ key }) => filters[key].length > 0).map(({ key }) => {
    const column = facets.columns[key];
    const accepts = new Uint8Array(column.values.length);
    for (const value of filters[key]) {
      const code = column.codeOf.get(foldFacet(value));
      if (code !== undefined) accepts[code] = 1;
    }
    return [column.codes, accepts];
  });
}

export function compileFilter(facets: PointFacets, filters: Filters): PointFilter {
  const checks = acceptedCodes(facets, filters);
  if (checks.length === 0) return null;
  if (checks.length === 1) {
    const [codes, accepts] = checks[0]!;
    return (id) => accepts[codes[id]!] === 1;
  }
  return (id) => checks.every(([codes, accepts]) => accepts[codes[id]!] === 1);
}

/** The ids that pass, in their order. */
export function keepPassing(ids: Uint32Array, filter: PointFilter): Uint32Array {
  if (filter === null) return ids;
  let kept = 0;
  for (let i = 0; i < ids.length; i++) if (filter(ids[i]!)) ids[kept++] = ids[i]!;
  return ids.subarray(0, kept);
}

/** A facet's values with their tallies, those counted at all, most first (ties by value). */
function countedValues(values: readonly string[], tally: Float64Array): FacetCount[] {
  return values
    .map((Value, code) => ({ Value, Count: tally[code]! }))
    .filter((entry) => entry.Count > 0)
    .sort((a, b) => b.Count - a.Count || (a.Value < b.Value ? -1 : a.Value > b.Value ? 1 : 0));
}

/** Each value of a facet with its count among these points, most first (ties by value). */
export function facetCountsOf(facets: PointFacets, key: FacetKey, ids: ArrayLike<number>): FacetCount[] {
  const column = facets.columns[key];
  const tally = new Float64Array(column.values.length);
  for (let i = 0; i < ids.length; i++) tally[column.codes[ids[i]!]!]!++;
  return countedValues(column.values, tally);
}

/** Each value of a facet with its count among the points that pass, most first (ties by value). */
export function facetCounts(facets: PointFacets, key: FacetKey, count: number, filter: PointFilter): FacetCount[] {
  const column = facets.columns[key];
  const tally = new Float64Array(column.values.length);
  for (let id = 0; id < count; id++) if (filter === null || filter(id)) tally[column.codes[id]!]!++;
  return countedValues(column.values, tally);
}

/** The value point `id` has for a facet, as first stored. */
export function facetValueOf(facets: PointFacets, key: FacetKey, id: number): string {
  const column = facets.columns[key];
  return column.values[column.codes[id]!] ?? '';
}
