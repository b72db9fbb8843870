/**
 * The trades each location of a type teaches (domain/trades.ts), read once per dataset version from the store's
 * records (their dynamic fields), with what filters compare and where each location is: "which trades contain
 * this text" and "the nearest locations teaching this trade" are then passes over memory.
 */
import { passesFilters, type FacetValues, type Filters } from '../../domain/filters';
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
  /** Folded trade names. */
  trades: string[];
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
    trades: [...tradesOfRow(type, i)].map((id) => type.folded[id]!),
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
    const [sharedValues, sharedProvinces] = [new Interned<FacetValues>(), new Interned<string>()];
    // Paced as a download is: a large type's build held every other request for its whole length (29 s at a
    // million locations on two cores), since SQLite's pages arrive at once.
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
    for await (const record of paced(this.store.exportRecords(typeId))) {
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
    return {
      folded,
      shown,
      guids,
      names,
      lat: Float64Array.from(lat),
      lon: Float64Array.from(lon),
      provinces,
      values,
      tradeStart: Uint32Array.from(tradeStart),
      tradeIds: Uint32Array.from(tradeIds),
      rowOfGuid: new Map(guids.map((guid, i) => [guid, i])),
    };
  }

  /** The rows of a type teaching trade `id` (-1: none) that pass the filters. */
  private *rowsTeaching(type: TypeTrades, id: number, filters: Filters): Generator<number> {
    if (id < 0) return;
    for (let i = 0; i < type.guids.length; i++)
      if (tradesOfRow(type, i).includes(id) && passesFilters(type.values[i]!, filters)) yield i;
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

  /** A type's locations teaching this trade (its folded name exactly) that pass the filters. */
  async teaching(typeId: string, trade: string, filters: Filters): Promise<TeachingRow[]> {
    const type = await this.byType.get(typeId);
    return [...this.rowsTeaching(type, type.folded.indexOf(foldText(trade)), filters)].map((i) => rowOf(type, i));
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
    for (const typeId of typeIds) {
      const type = await this.byType.get(typeId);
      const matching = type.folded.map(matches);
      for (let i = 0; i < type.guids.length; i++) {
        if (!passesFilters(type.values[i]!, filters)) continue;
        for (const id of tradesOfRow(type, i)) {
          if (!matching[id]) continue;
          const trade = type.folded[id]!;
          const entry = found.get(trade) ?? { shown: type.shown[id]!, count: 0, types: new Map<string, number>() };
          entry.count += 1;
          entry.types.set(typeId, (entry.types.get(typeId) ?? 0) + 1);
          found.set(trade, entry);
        }
      }
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
    const found: { type: TypeTrades; i: number; guid: string; typeId: string; km: number }[] = [];
    for (const typeId of typeIds) {
      const type = await this.byType.get(typeId);
      for (const i of this.rowsTeaching(type, type.folded.indexOf(wanted), filters))
        found.push({ type, i, guid: type.guids[i]!, typeId, km: greatCircleKm(lat, lon, type.lat[i]!, type.lon[i]!) });
    }
    return found
      .sort((a, b) => a.km - b.km || (a.guid < b.guid ? -1 : a.guid > b.guid ? 1 : 0))
      .slice(0, limit)
      .map(({ type, i, guid, typeId, km }) => ({
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
