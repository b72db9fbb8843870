/**
 * Every point of a type in the order of names (compareNames), so a question that lists the first names of
 * thousands of points sorts small integers instead of decoding and collating every name it holds. Computed
 * once per type and dataset version (off the event loop, in a worker); equal names keep point order, as a
 * stable sort of the names themselves would.
 */
import { compareNames } from '../../domain/text';

export interface NameOrder {
  /** order[k]: the point whose name is k-th */
  order: Uint32Array<ArrayBuffer>;
  /** rank[id]: the place of point id's name; the inverse of order */
  rank: Uint32Array<ArrayBuffer>;
}

export function nameOrderOf(names: readonly string[]): NameOrder {
  const ids = Array.from(names, (_, id) => id);
  ids.sort((a, b) => compareNames(names[a]!, names[b]!));
  const order = Uint32Array.from(ids);
  return { order, rank: rankOf(order) };
}

/** The inverse of an order: each point's place in it. */
export function rankOf(order: Uint32Array<ArrayBuffer>): Uint32Array<ArrayBuffer> {
  const rank = new Uint32Array(order.length);
  for (let k = 0; k < order.length; k++) rank[order[k]!] = k;
  return rank;
}

/**
 * Below this share of the type's points, their ranks are sorted; above it the name order is walked. (A third of a
 * million academies in a wide area: the sort held the event loop some 30 ms, the walk ~2 ms.)
 */
const SORTED_SHARE = 1 / 16;

/** The first `limit` of these points (each once) by name, in name order. */
export function firstByName({ order, rank }: NameOrder, ids: ArrayLike<number>, limit: number): Uint32Array {
  const count = Math.min(limit, ids.length);
  if (ids.length > order.length * SORTED_SHARE) {
    // The names are walked in order from the first, keeping these points', until enough are found.
    const among = new Uint8Array(order.length);
    for (let i = 0; i < ids.length; i++) among[ids[i]!] = 1;
    const first = new Uint32Array(count);
    for (let k = 0, found = 0; found < count; k++) if (among[order[k]!] === 1) first[found++] = order[k]!;
    return first;
  }
  const ranks = new Uint32Array(ids.length);
  for (let i = 0; i < ids.length; i++) ranks[i] = rank[ids[i]!]!;
  ranks.sort();
  return ranks.subarray(0, count).map((k) => order[k]!);
}
