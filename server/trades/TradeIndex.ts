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

interface TypeTrades {
  rows: TeachingRow[];
  /** Each folded trade's shown name (its first spelling met). */
  shown: Map<string, string>;
  byGuid: Map<string, TeachingRow>;
}

export class TradeIndex {
  private readonly byType = new PerTypeCache((typeId) => this.build(typeId));

  constructor(private readonly store: LocationStore) {}

  clear(): void {
    this.byType.clear();
  }

  private async build(typeId: string): Promise<TypeTrades> {
    const rows: TeachingRow[] = [];
    const shown = new Map<string, string>();
    // Paced as a download is: a large type's build held every other request for its whole length (29 s at a
    // million locations on two cores), since SQLite's pages arrive at once.
    for await (const record of paced(this.store.exportRecords(typeId))) {
      const trades = new Set<string>();
      for (const field of record.dynamicFields) {
        if (!isTradeLabel(field.Label)) continue;
        for (const trade of tradesIn(field.Value)) {
          const folded = foldText(trade);
          if (folded === '') continue;
          trades.add(folded);
          if (!shown.has(folded)) shown.set(folded, trade);
        }
      }
      if (trades.size === 0) continue;
      rows.push({
        guid: record.guid,
        name: record.name,
        lat: record.lat,
        lon: record.lon,
        province: record.provinceIso,
        values: { gender: record.gender, legal: record.legal, supervision: record.supervision },
        trades: [...trades],
      });
    }
    return { rows, shown, byGuid: new Map(rows.map((row) => [row.guid, row])) };
  }

  /** Every trade the types teach, as the data first spells each (one per folded name). */
  async tradeNames(typeIds: readonly string[]): Promise<string[]> {
    const names = new Map<string, string>();
    for (const typeId of typeIds)
      for (const [folded, shown] of (await this.byType.get(typeId)).shown)
        if (!names.has(folded)) names.set(folded, shown);
    return [...names.values()];
  }

  /** What a location teaches, as the data spells each trade ([] for one that teaches none or is unknown). */
  async tradesOf(typeId: string, guid: string): Promise<string[]> {
    const { byGuid, shown } = await this.byType.get(typeId);
    return (byGuid.get(guid)?.trades ?? []).map((trade) => shown.get(trade)!);
  }

  /** A type's locations teaching this trade (its folded name exactly) that pass the filters. */
  async teaching(typeId: string, trade: string, filters: Filters): Promise<TeachingRow[]> {
    const wanted = foldText(trade);
    return (await this.byType.get(typeId)).rows.filter(
      (row) => row.trades.includes(wanted) && passesFilters(row.values, filters),
    );
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
      const { rows, shown } = await this.byType.get(typeId);
      for (const row of rows) {
        if (!passesFilters(row.values, filters)) continue;
        for (const trade of row.trades) {
          if (!matches(trade)) continue;
          const entry = found.get(trade) ?? { shown: shown.get(trade)!, count: 0, types: new Map<string, number>() };
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
    const found: { row: TeachingRow; typeId: string; km: number }[] = [];
    for (const typeId of typeIds) {
      for (const row of (await this.byType.get(typeId)).rows) {
        if (row.trades.includes(wanted) && passesFilters(row.values, filters))
          found.push({ row, typeId, km: greatCircleKm(lat, lon, row.lat, row.lon) });
      }
    }
    return found
      .sort((a, b) => a.km - b.km || (a.row.guid < b.row.guid ? -1 : a.row.guid > b.row.guid ? 1 : 0))
      .slice(0, limit)
      .map(({ row, typeId, km }) => ({
        Guid: row.guid,
        Name: row.name,
        Lat: row.lat,
        Long: row.lon,
        DistanceKm: Math.round(km * 1000) / 1000,
        Gender: row.values.gender,
        TypeId: typeId,
      }));
  }
}
