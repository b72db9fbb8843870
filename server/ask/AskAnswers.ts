/**
 * GET /api/ask: a question read by the grammar (domain/ask) over this dataset's own trade names, and the
 * answer to what was understood, from the indexes the other calls use: the type's points in memory (k-d tree,
 * provinces, filters) where no trade is named, the trade index where one is. The audience is the gender filter
 * of domain/audiences.ts, so a mixed centre is found for women and for men alike.
 */
import { around } from 'geokdbush';
import { AUDIENCES } from '../../domain/audiences';
import { buildLexicon, type Lexicon } from '../../domain/ask/lexicon';
import { readQuestion, withoutParts } from '../../domain/ask/readQuestion';
import { NO_FILTERS, type Filters } from '../../domain/filters';
import { TEACHING_TYPES, typeByRoute } from '../../domain/locationTypes';
import {
  ASK_LIMITS,
  TOWN_RADIUS_KM,
  type AskAnswer,
  type AskDroppable,
  type AskFound,
  type AskResult,
  type AskScope,
  type Understood,
} from '../../domain/wire/ask';
import { greatCircleKm } from '../geo/greatCircle';
import { facetValueOf } from '../points/PointFacets';
import type { PointIndex } from '../points/PointIndex';
import { filterOf } from '../points/pointScans';
import { locationOf } from '../points/TypePoints';
import { provinceKeyOf } from '../store/catalogueKeys';
import type { TradeIndex } from '../trades/TradeIndex';

interface Point {
  lat: number;
  lon: number;
}

const TEACHING_IDS = TEACHING_TYPES.map((type) => type.typeId);

function filtersOf(understood: Understood): Filters {
  const audience = AUDIENCES.find((a) => a.key === understood.Audience);
  return audience ? { ...NO_FILTERS, gender: [...audience.genders] } : NO_FILTERS;
}

/**
 * Where a count or a list is taken: the province named, around the town named or the asker, else everywhere. A
 * distance the question sets is taken around the place (a province's point too) or the asker instead.
 */
function scopeOf(understood: Understood, position: Point | null): AskScope {
  const place = understood.Place;
  const km = understood.WithinKm;
  if (place?.Kind === 'province' && km === null) return { Kind: 'province', Province: place.Province };
  if (place && !(understood.NearMe && position))
    return { Kind: 'around', Km: km ?? TOWN_RADIUS_KM, Lat: place.Lat, Long: place.Long };
  if (understood.NearMe && position)
    return { Kind: 'around', Km: km ?? TOWN_RADIUS_KM, Lat: position.lat, Long: position.lon };
  return { Kind: 'country' };
}

/** Distances are measured from the asker when they said "near me" and gave a position, else from the place. */
function originOf(understood: Understood, position: Point | null): Point | null {
  if (understood.NearMe && position) return position;
  if (understood.Place) return { lat: understood.Place.Lat, lon: understood.Place.Long };
  return position;
}

const kmFrom = (origin: Point | null, lat: number, lon: number) =>
  origin === null ? null : Math.round(greatCircleKm(origin.lat, origin.lon, lat, lon) * 1000) / 1000;

/** The found ones nearest first (ties by Guid, as every nearest call settles them). */
const byDistance = (a: AskFound, b: AskFound) =>
  (a.DistanceKm ?? 0) - (b.DistanceKm ?? 0) || (a.Guid < b.Guid ? -1 : a.Guid > b.Guid ? 1 : 0);

interface Search {
  typeId: string;
  trade: string | null;
  filters: Filters;
  scope: AskScope;
  origin: Point | null;
  /** The farthest from the origin a nearest one may be (a distance the question set), else Infinity. */
  maxKm: number;
  /** How many of the nearest to give (0: only count). */
  limit: number;
}

export class AskAnswers {
  /** The lexicon of the trade names it was built from: the same names (the same data) reuse it. */
  private kept: { key: string; lexicon: Lexicon } | null = null;

  constructor(
    private readonly points: PointIndex,
    private readonly trades: TradeIndex,
  ) {}

  private async lexicon(): Promise<Lexicon> {
    const names = await this.trades.tradeNames(TEACHING_IDS);
    const key = names.join('\u001f');
    if (this.kept?.key !== key) this.kept = { key, lexicon: buildLexicon(names) };
    return this.kept.lexicon;
  }

  /** `drop`: the parts the visitor removed from what was understood (their chips). */
  async ask(text: string, position: Point | null, drop: readonly AskDroppable[] = []): Promise<AskAnswer> {
    const reading = readQuestion(await this.lexicon(), text);
    const understood = withoutParts(reading.Understood, drop);
    return { ...reading, Understood: understood, Answer: await this.answer(understood, position) };
  }

  private async answer(understood: Understood, position: Point | null): Promise<AskResult> {
    const type = understood.Route === null ? undefined : typeByRoute(understood.Route);
    const typeIds = type ? [type.typeId] : TEACHING_IDS;
    const origin = originOf(understood, position);
    const base = { From: origin && { Lat: origin.lat, Long: origin.lon }, TypeIds: typeIds };
    if (understood.Intent === 'nearest' && origin === null)
      return { ...base, Kind: 'none', Reason: 'needs-position', Scope: null, Count: null, Locations: [] };
    const listed = understood.Intent !== 'nearest';
    const scope: AskScope = listed ? scopeOf(understood, position) : { Kind: 'country' };
    const limit = understood.Intent === 'count' || origin === null ? 0 : ASK_LIMITS[listed ? 'list' : 'nearest'];
    const found: AskFound[] = [];
    let count = 0;
    // The nearest reach no farther than the count's circle, or than a distance the question set.
    const maxKm = scope.Kind === 'around' ? scope.Km : (understood.WithinKm ?? Infinity);
    for (const typeId of typeIds) {
      const search = { typeId, trade: understood.Trade, filters: filtersOf(understood), scope, origin, maxKm, limit };
      const part = understood.Trade === null ? await this.byPoints(search) : await this.byTrade(search);
      count += part.count;
      found.push(...part.found);
    }
    return {
      ...base,
      Kind: understood.Intent,
      Reason: null,
      Scope: listed ? scope : null,
      Count: listed ? count : null,
      Locations: found.sort(byDistance).slice(0, limit),
    };
  }

  /** Without a trade: the type's points, their k-d tree searched from the origin. */
  private async byPoints({
    typeId,
    filters,
    scope,
    origin,
    maxKm,
    limit,
  }: Search): Promise<{ count: number; found: AskFound[] }> {
    const points = await this.points.get(typeId);
    if (points.count === 0) return { count: 0, found: [] };
    const filter = filterOf(points, filters);
    const province = scope.Kind === 'province' ? (provinceKeyOf.get(scope.Province) ?? -1) : 0;
    const inScope = (id: number) =>
      (province === 0 || points.facets.province[id] === province) && (filter === null || filter(id));
    let count = 0;
    if (scope.Kind === 'around') count = around(points.tree, scope.Long, scope.Lat, Infinity, scope.Km, inScope).length;
    else for (let id = 0; id < points.count; id++) if (inScope(id)) count++;
    if (limit === 0 || origin === null) return { count, found: [] };
    const ids = around(points.tree, origin.lon, origin.lat, limit, maxKm, inScope);
    const found = await Promise.all(
      ids.map(async (id) => {
        const place = locationOf(points, id);
        return {
          Guid: place.Guid,
          Name: place.Name,
          Lat: place.Lat,
          Long: place.Long,
          DistanceKm: kmFrom(origin, place.Lat, place.Long),
          Gender: facetValueOf(points.facets, 'gender', id),
          TypeId: typeId,
          Trades: await this.trades.tradesOf(typeId, place.Guid),
        };
      }),
    );
    return { count, found };
  }

  /** With a trade: the locations teaching it, from the trade index. */
  private async byTrade({
    typeId,
    trade,
    filters,
    scope,
    origin,
    maxKm,
    limit,
  }: Search): Promise<{ count: number; found: AskFound[] }> {
    const inScope = (lat: number, lon: number, province: string) =>
      scope.Kind === 'province'
        ? province === scope.Province
        : scope.Kind === 'around'
          ? greatCircleKm(scope.Lat, scope.Long, lat, lon) <= scope.Km
          : true;
    // Only the nearest few are named with their trades.
    const near =
      limit === 0 || origin === null
        ? null
        : { kmOf: (lat: number, lon: number) => kmFrom(origin, lat, lon)!, maxKm, limit };
    const { count, nearest } = await this.trades.teachingNearest(typeId, trade!, filters, inScope, near);
    const found = await Promise.all(
      nearest.map(async ({ row, km }) => ({
        Guid: row.guid,
        Name: row.name,
        Lat: row.lat,
        Long: row.lon,
        DistanceKm: km,
        Gender: row.values.gender,
        TypeId: typeId,
        Trades: await this.trades.tradesOf(typeId, row.guid),
      })),
    );
    return { count, found };
  }
}
