/**
 * The trades each location of a type teaches (domain/trades.ts), read once per dataset version from the store's
 * records (their dynamic fields), with what filters compare and where each location is: "which trades contain
 * this text" and "the nearest locations teaching this trade" are then passes over memory.
 */
import { passesFilters, type FacetValues, type Filters } from '../../domain/filters';
import { foldText } from '../../domain/text';
import { isTradeLabel, tradesIn, type TradeCount } from '../../domain/trades';
import type { NearestResult } from '../../domain/search';
import { greatCircleKm } from '../geo/greatCircle';
import type { LocationStore } from '../store/LocationStore';
import { PerTypeCache } from '../store/perTypeCache';

interface TeachingRow {
  guid: string;
  name: string;
  lat: number;
  lon: number;
  values: FacetValues;
  /** Folded trade names. */
  trades: string[];
}

interface TypeTrades {
  rows: TeachingRow[];
  /** Each folded trade's shown name (its first spelling met). */
  shown: Map<string, string>;
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
    for await (const record of this.store.exportRecords(typeId)) {
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
        values: { gender: record.gender, legal: record.legal, supervision: record.supervision },
        trades: [...trades],
      });
    }
    return { rows, shown };
  }

  /** Trades whose folded name contains the folded text, most taught first (under the filters). */
  async trades(typeId: string, text: string, filters: Filters, limit: number): Promise<TradeCount[]> {
    const wanted = foldText(text);
    const { rows, shown } = await this.byType.get(typeId);
    const counts = new Map<string, number>();
    for (const row of rows) {
      if (!passesFilters(row.values, filters)) continue;
      for (const trade of row.trades) if (trade.includes(wanted)) counts.set(trade, (counts.get(trade) ?? 0) + 1);
    }
    return [...counts]
      .map(([folded, count]) => ({ folded, count }))
      .sort(
        (a, b) =>
          Number(b.folded.startsWith(wanted)) - Number(a.folded.startsWith(wanted)) ||
          b.count - a.count ||
          a.folded.localeCompare(b.folded, 'fa'),
      )
      .slice(0, limit)
      .map(({ folded, count }) => ({ Trade: shown.get(folded)!, Count: count }));
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
    const wanted = foldText(trade);
    const { rows } = await this.byType.get(typeId);
    return rows
      .filter((row) => row.trades.includes(wanted) && passesFilters(row.values, filters))
      .map((row) => ({ row, km: greatCircleKm(lat, lon, row.lat, row.lon) }))
      .sort((a, b) => a.km - b.km || (a.row.guid < b.row.guid ? -1 : a.row.guid > b.row.guid ? 1 : 0))
      .slice(0, limit)
      .map(({ row, km }) => ({
        Guid: row.guid,
        Name: row.name,
        Lat: row.lat,
        Long: row.lon,
        DistanceKm: Math.round(km * 1000) / 1000,
        Gender: row.values.gender,
      }));
  }
}
