/**
 * The trades each location of a type teaches (domain/trades.ts), read once per dataset version from the store's
 * records (their dynamic fields), with what filters compare and where each location is: "which trades contain
 * this text" and "the nearest locations teaching this trade" are then passes over memory.
 */
import { isFiltered, passesFilters, type FacetValues, type Filters } from '../../domain/filters';
import { foldText } from '../../domain/text';
import { valuesNamed } from '../../domain/valueNames';
import { isTradeLabel, tradesIn, type TradeCount } from '../../domain/trades';
import type { NearestOfType, TradeAcrossTypes } from '../../domain/wire/answers';
import type { NearestResult } from '../../domain/search';
import { greatCircleKm } from '../geo/greatCircle';
import type { LocationStore } from '../store/LocationStore';
import { PerTypeCache } from '../derived/perTypeCache';
import { paced } from '../exporter/exportPacer';

export interface TeachingRow {
  guid: string;
  name: string;
  lat: number;
  lon: number;
  /** Its province's ISO code, as stored. */
  province: string;
  values: FacetValues;
}

/** How far a location is, for ranking the nearest: the caller's measure (the ask rounds to metres). */
export interface NearestWanted {
  kmOf(lat: number, lon: number): number;
  maxKm: number;
  limit: number;
}

/**
 * A type's teaching locations, one column per field rather than an object per location: a million locations
 * held 616 MB as objects (each with its own copies of the same facet values and trade names), so a visitor's
 * first trade question grew the heap by that much, and at five million past Node's limit. Each trade is a
 * number into `folded`/`shown`, each set of facet values and each province one shared value.
 */
interface TypeTrades {
  /** Each trade's folded name and its shown name (its first spelling met), by trade number. */
  folded: string[];
  shown: string[];
  guids: string[];
  names: string[];
  lat: Float64Array;
  lon: Float64Array;
  provinces: string[];
  values: FacetValues[];
  /** Row i teaches trades `tradeIds[tradeStart[i]]` to `tradeIds[tradeStart[i + 1] - 1]`. */
  tradeStart: Uint32Array;
  tradeIds: Uint32Array;
  /**
   * The other way round, ascending: trade t is taught by rows `rowsOf[rowStart[t]]` to `rowsOf[rowStart[t + 1] - 1]`.
   * A trade search or a nearest teaching location then visits the rows teaching the trade, not every row (at a
   * million locations a search took 40 to 125 ms of the event loop for each letter a visitor typed).
   */
  rowStart: Uint32Array;
  rowsOf: Uint32Array;
  rowOfGuid: Map<string, number>;
}

/** One shared instance per distinct value (facet values and provinces repeat across a type's locations). */
class Interned<T> {
  private readonly kept = new Map<string, T>();
  of(key: string, make: () => T): T {
    let value = this.kept.get(key);
    if (value === undefined) this.kept.set(key, (value = make()));
    return value;
  }
}

/** The rows teaching each trade, from what each row teaches (a counting sort: rows stay ascending). */
function rowsByTrade(trades: number, tradeStart: Uint32Array, tradeIds: Uint32Array) {
  const rowStart = new Uint32Array(trades + 1);
  for (const id of tradeIds) rowStart[id + 1]!++;
  for (let t = 0; t < trades; t++) rowStart[t + 1]! += rowStart[t]!;
  const next = rowStart.slice(0, trades);
  const rowsOf = new Uint32Array(tradeIds.length);
  for (let row = 0; row + 1 < tradeStart.length; row++)
    for (let k = tradeStart[row]!; k < tradeStart[row + 1]!; k++) rowsOf[next[tradeIds[k]!]!++] = row;
  return { rowStart, rowsOf };
}

/**
 * Whether a row's values pass the filters, each distinct set of values asked once: a type's rows share a few
 * dozen (they are interned), and checking each row's anew took a filtered search at a million locations 1.2 s.
 */
function passing(filters: Filters): (values: FacetValues) => boolean {
  const known = new Map<FacetValues, boolean>();
  return (values) => {
    let passes = known.get(values);
    if (passes === undefined) known.set(values, (passes = passesFilters(values, filters)));
    return passes;
  };
}

/** The rows teaching trade `id`, ascending. */
function rowsOfTrade(type: TypeTrades, id: number): Uint32Array {
  return type.rowsOf.subarray(type.rowStart[id]!, type.rowStart[id + 1]!);
}

/** A location found teaching a trade, and how far it is. */
interface Candidate {
  type: TypeTrades;
  i: number;
  guid: string;
  typeId: string;
  km: number;
}

/** Nearer first, and of two as near the smaller Guid first (an answer is the same whatever order rows are met in). */
const nearerFirst = (a: Candidate, b: Candidate): number =>
  a.km - b.km || (a.guid < b.guid ? -1 : a.guid > b.guid ? 1 : 0);

/**
 * The nearest `limit` offered so far, nearest first: a common trade is taught at tens of thousands of places at a
 * million locations, and sorting them all took most of an answer's time.
 */
class NearestFew {
  readonly found: Candidate[] = [];
  constructor(private readonly limit: number) {}

  offer(type: TypeTrades, i: number, typeId: string, km: number): void {
    const { found, limit } = this;
    const last = found[limit - 1];
    if (last !== undefined && km > last.km) return;
    const candidate = { type, i, guid: type.guids[i]!, typeId, km };
    if (last !== undefined && nearerFirst(candidate, last) >= 0) return;
    let at = found.length;
    while (at > 0 && nearerFirst(candidate, found[at - 1]!) < 0) at--;
    found.splice(at, 0, candidate);
    if (found.length > limit) found.pop();
  }
}

/** The trade numbers row `i` teaches. */
function tradesOfRow(type: TypeTrades, i: number): Uint32Array {
  return type.tradeIds.subarray(type.tradeStart[i]!, type.tradeStart[i + 1]!);
}

function rowOf(type: TypeTrades, i: number): TeachingRow {
  return {
    guid: type.guids[i]!,
    name: type.names[i]!,
    lat: type.lat[i]!,
    lon: type.lon[i]!,
    province: type.provinces[i]!,
    values: type.values[i]!,
  };
}

export class TradeIndex {
  private readonly byType = new PerTypeCache((typeId) => this.build(typeId));

  constructor(private readonly store: LocationStore) {}

  clear(): void {
    this.byType.clear();
  }

  private async build(typeId: string): Promise<TypeTrades> {
    const idOf = new Map<string, number>();
    const folded: string[] = [];
    const shown: string[] = [];
    const guids: string[] = [];
    const names: string[] = [];
    const provinces: string[] = [];
    const values: FacetValues[] = [];
    const lat: number[] = [];
    const lon: number[] = [];
    const tradeStart: number[] = [0];
    const tradeIds: number[] = [];
    // Filled row by row within the paced reading: made at the end from the guids, a third of a million entries
    // held every other request of the process (with the arrays copied beside it) up to ~190 ms per type.
    const rowOfGuid = new Map<string, number>();
    const [sharedValues, sharedProvinces] = [new Interned<FacetValues>(), new Interned<string>()];
    // Labels and trades repeat across a type's locations: each is folded once (folding each again was a fifth
    // of the build's time).
    const tradeLabel = new Map<string, boolean>();
    const idOfWritten = new Map<string, number>();
    const tradeId = (trade: string): number => {
      let id = idOfWritten.get(trade);
      if (id !== undefined) return id;
      const name = foldText(trade);
      id = name === '' ? -1 : idOf.get(name);
      if (id === undefined) {
        idOf.set(name, (id = folded.length));
        folded.push(name);
        shown.push(trade);
      }
      idOfWritten.set(trade, id);
      return id;
    };
    // Paced as a download is: a large type's build held every other request for its whole length (29 s at a
    // million locations on two cores), since SQLite's pages arrive at once. As background work: the warm-up builds
    // it ahead of visitors (a question asked before that waits for it, which still takes at least one turn in
    // eight beside visitors' downloads and lists).
    for await (const record of paced(this.store.exportRecords(typeId), 'background')) {
      const teaches = new Set<number>();
      for (const field of record.dynamicFields) {
        let named = tradeLabel.get(field.Label);
        if (named === undefined) tradeLabel.set(field.Label, (named = isTradeLabel(field.Label)));
        if (!named) continue;
        for (const trade of tradesIn(field.Value)) {
          const id = tradeId(trade);
          if (id >= 0) teaches.add(id);
        }
      }
      if (teaches.size === 0) continue;
      rowOfGuid.set(record.guid, guids.length);
      guids.push(record.guid);
      names.push(record.name);
      lat.push(record.lat);
      lon.push(record.lon);
      provinces.push(sharedProvinces.of(record.provinceIso, () => record.provinceIso));
      const { gender, legal, supervision } = record;
      values.push(
        sharedValues.of(`${gender}\u0000${legal}\u0000${supervision}`, () => ({ gender, legal, supervision })),
      );
      tradeIds.push(...teaches);
      tradeStart.push(tradeIds.length);
    }
    const byRow = { tradeStart: Uint32Array.from(tradeStart), tradeIds: Uint32Array.from(tradeIds) };
    return {
      folded,
      shown,
      guids,
      names,
      lat: Float64Array.from(lat),
      lon: Float64Array.from(lon),
      provinces,
      values,
      ...byRow,
      ...rowsByTrade(folded.length, byRow.tradeStart, byRow.tradeIds),
      rowOfGuid,
    };
  }

  /** The rows of a type teaching trade `id` (-1: none) that pass the filters. */
  private *rowsTeaching(type: TypeTrades, id: number, filters: Filters): Generator<number> {
    if (id < 0) return;
    const passes = passing(filters);
    for (const i of rowsOfTrade(type, id)) if (passes(type.values[i]!)) yield i;
  }

  /** Every trade the types teach, as the data first spells each (one per folded name). */
  async tradeNames(typeIds: readonly string[]): Promise<string[]> {
    const names = new Map<string, string>();
    for (const typeId of typeIds) {
      const { folded, shown } = await this.byType.get(typeId);
      folded.forEach((name, id) => names.has(name) || names.set(name, shown[id]!));
    }
    return [...names.values()];
  }

  /** What a location teaches, as the data spells each trade ([] for one that teaches none or is unknown). */
  async tradesOf(typeId: string, guid: string): Promise<string[]> {
    const type = await this.byType.get(typeId);
    const row = type.rowOfGuid.get(guid);
    return row === undefined ? [] : [...tradesOfRow(type, row)].map((id) => type.shown[id]!);
  }

  /**
   * Where a type teaches this trade (its folded name exactly), under the filters: how many of those locations
   * `inScope` keeps, and of them the `nearest.limit` nearest by its measure within its `maxKm`, nearer first (ties
   * by Guid). Only those few are made rows: at a million locations making one of every location took an answer
   * tens of milliseconds.
   */
  async teachingNearest(
    typeId: string,
    trade: string,
    filters: Filters,
    inScope: (lat: number, lon: number, province: string) => boolean,
    nearest: NearestWanted | null,
  ): Promise<{ count: number; nearest: { row: TeachingRow; km: number }[] }> {
    const type = await this.byType.get(typeId);
    const few = new NearestFew(nearest?.limit ?? 0);
    let count = 0;
    for (const i of this.rowsTeaching(type, type.folded.indexOf(foldText(trade)), filters)) {
      const [lat, lon] = [type.lat[i]!, type.lon[i]!];
      if (!inScope(lat, lon, type.provinces[i]!)) continue;
      count++;
      if (nearest === null) continue;
      const km = nearest.kmOf(lat, lon);
      if (km <= nearest.maxKm) few.offer(type, i, typeId, km);
    }
    return { count, nearest: few.found.map(({ i, km }) => ({ row: rowOf(type, i), km })) };
  }

  /** Trades whose folded name contains the folded text, most taught first (under the filters). */
  async trades(typeId: string, text: string, filters: Filters, limit: number): Promise<TradeCount[]> {
    return (await this.tradesAcross([typeId], text, filters, limit)).map(({ Trade, Count }) => ({ Trade, Count }));
  }

  /** The same over several types, with each type's count (types teaching none of it are left out). */
  async tradesAcross(
    typeIds: readonly string[],
    text: string,
    filters: Filters,
    limit: number,
  ): Promise<TradeAcrossTypes[]> {
    // The text as typed, and the trades whose English name has it ("sewing" finds «خیاطی»).
    const wanted = [foldText(text), ...valuesNamed(text).map((value) => foldText(value))].filter((w) => w !== '');
    const matches = (trade: string) => wanted.some((w) => trade.includes(w));
    const starts = (trade: string) => Number(wanted.some((w) => trade.startsWith(w)));
    const found = new Map<string, { shown: string; count: number; types: Map<string, number> }>();
    const filtered = isFiltered(filters);
    const passes = passing(filters);
    for (const typeId of typeIds) {
      const type = await this.byType.get(typeId);
      type.folded.forEach((trade, id) => {
        if (!matches(trade)) return;
        // Unfiltered, a trade's count is how many rows teach it; filtered, how many of those pass.
        let count = type.rowStart[id + 1]! - type.rowStart[id]!;
        if (filtered) count = rowsOfTrade(type, id).reduce((n, i) => n + Number(passes(type.values[i]!)), 0);
        if (count === 0) return;
        const entry = found.get(trade) ?? { shown: type.shown[id]!, count: 0, types: new Map<string, number>() };
        entry.count += count;
        entry.types.set(typeId, (entry.types.get(typeId) ?? 0) + count);
        found.set(trade, entry);
      });
    }
    return [...found]
      .sort(([a, x], [b, y]) => starts(b) - starts(a) || y.count - x.count || a.localeCompare(b, 'fa'))
      .slice(0, limit)
      .map(([, { shown, count, types }]) => ({
        Trade: shown,
        Count: count,
        Types: [...types].map(([TypeId, Count]) => ({ TypeId, Count })).sort((a, b) => b.Count - a.Count),
      }));
  }

  /** The locations teaching this trade (its folded name exactly), nearest the point first, under the filters. */
  async nearest(
    typeId: string,
    trade: string,
    lat: number,
    lon: number,
    limit: number,
    filters: Filters,
  ): Promise<NearestResult[]> {
    const nearest = await this.nearestAcross([typeId], trade, lat, lon, limit, filters);
    return nearest.map(({ TypeId: _type, ...result }) => result);
  }

  /** The same over several types, merged by distance: each names its type. */
  async nearestAcross(
    typeIds: readonly string[],
    trade: string,
    lat: number,
    lon: number,
    limit: number,
    filters: Filters,
  ): Promise<NearestOfType[]> {
    const wanted = foldText(trade);
    const few = new NearestFew(limit);
    for (const typeId of typeIds) {
      const type = await this.byType.get(typeId);
      for (const i of this.rowsTeaching(type, type.folded.indexOf(wanted), filters))
        few.offer(type, i, typeId, greatCircleKm(lat, lon, type.lat[i]!, type.lon[i]!));
    }
    return few.found.map(({ type, i, guid, typeId, km }) => ({
      Guid: guid,
      Name: type.names[i]!,
      Lat: type.lat[i]!,
      Long: type.lon[i]!,
      DistanceKm: Math.round(km * 1000) / 1000,
      Gender: type.values[i]!.gender,
      TypeId: typeId,
    }));
  }
}
