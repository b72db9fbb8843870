/** Typed calls of the gateway contract; paths exactly as the gateway shapes them. */
import type { DatasetChange } from '../../domain/changes';
import { LATEST, type DownloadFile, type DownloadMetadata } from '../../domain/downloads';
import type { ChartRow, ClusterItem, DatasetMeta, LocatedDetail, PiePoint, TreeNode } from '../../domain/gateway';
import type { ViewportBounds } from '../../domain/wire/requests';
import type { AreaAnswer } from '../../domain/wire/answers';
import type { AskAnswer, AskDroppable } from '../../domain/wire/ask';
import type { BasemapAnswer } from '../../domain/basemap';
import type { CompareAnswer } from '../../domain/compare';
import type { CoverageAnswer } from '../../domain/coverage';
import type { EquityLevel, EquityRow } from '../../domain/equity';
import type { PlanAnswer, PlanObjective, PlanPoint, SuggestAnswer } from '../../domain/plan';
import { filterEntries, NO_FILTERS, type Filters } from '../../domain/filters';
import type { FacetsAnswer } from '../../domain/wire/answers';
import type { Place } from '../../domain/places';
import type { NearestOfType, TradeAcrossTypes, TradeCount } from '../../domain/trades';
import { TOTAL_HEADER, type NearestResult, type SearchResult } from '../../domain/search';
import { EMPTY_GUID } from '../../domain/guid';
import { API_BASE, requestBlob, requestJson, requestStringList } from './http';
import { chartDataPath, filterSuffix, META_PATH, piePath, provinceBubblesPath } from '../../domain/callPaths';

const segment = encodeURIComponent;

/** `params` with the filters' parameters added (none without filters: the call is then the gateway's own). */
export function withFilters(params: URLSearchParams, filters: Filters): URLSearchParams {
  for (const [key, value] of filterEntries(filters)) params.append(key, value);
  return params;
}

export async function fetchClusters(
  typeId: string,
  bounds: ViewportBounds,
  zoom: number,
  filters: Filters,
  signal?: AbortSignal,
): Promise<ClusterItem[]> {
  const query = new URLSearchParams({
    zoom: zoom.toFixed(2),
    minLat: String(bounds.MinLat),
    minLon: String(bounds.MinLon),
    maxLat: String(bounds.MaxLat),
    maxLon: String(bounds.MaxLon),
  });
  withFilters(query, filters);
  return (await requestJson<ClusterItem[]>(`TVTOBase/OrglocationMap/${segment(typeId)}?${query}`, { signal })).data;
}

/** A type's bubbles, one per province with its count (the gateway's clusters call without a box). */
export async function fetchProvinceBubbles(
  typeId: string,
  filters: Filters,
  signal?: AbortSignal,
): Promise<ClusterItem[]> {
  return (await requestJson<ClusterItem[]>(provinceBubblesPath(typeId, filters), { signal })).data;
}

export async function fetchLocationDetail(guid: string, signal?: AbortSignal): Promise<LocatedDetail> {
  return (await requestJson<LocatedDetail>(`TVTOBase/GetMapLocationDetailsx/${segment(guid)}`, { signal })).data;
}

export async function fetchChartData(typeId: string, filters: Filters, signal?: AbortSignal): Promise<ChartRow[]> {
  const path = chartDataPath(typeId, filters);
  return (await requestJson<ChartRow[]>(path, { signal })).data;
}

export async function fetchPie(
  typeId: string,
  ostan: string,
  filters: Filters,
  signal?: AbortSignal,
): Promise<PiePoint[]> {
  const path = piePath(typeId, ostan, filters);
  return (await requestJson<PiePoint[]>(path, { signal })).data;
}

/** What lies inside a polygon: counts, or the locations as a CSV or GeoJSON file. */
export async function fetchArea(
  typeId: string,
  ring: readonly [number, number][],
  filters: Filters,
  signal?: AbortSignal,
): Promise<AreaAnswer> {
  const path = `area/${segment(typeId)}${filterSuffix(filters)}`;
  return (await requestJson<AreaAnswer>(path, { method: 'POST', body: { Polygon: ring }, signal })).data;
}

export function fetchAreaFile(
  typeId: string,
  ring: readonly [number, number][],
  filters: Filters,
  format: 'csv' | 'geojson',
): Promise<Blob> {
  const params = withFilters(new URLSearchParams({ format }), filters);
  return requestBlob(`area/${segment(typeId)}?${params}`, { method: 'POST', body: { Polygon: ring } });
}

/** Each type's figures in 2 to 4 provinces (English names), side by side. */
export async function fetchComparison(
  provinces: readonly string[],
  filters: Filters,
  signal?: AbortSignal,
): Promise<CompareAnswer> {
  const params = new URLSearchParams();
  for (const province of provinces) params.append('ostan', province);
  withFilters(params, filters);
  return (await requestJson<CompareAnswer>(`compare?${params}`, { signal })).data;
}

/** The people farther than `km` from the type's nearest location (those that pass the filters). */
export async function fetchCoverage(
  typeId: string,
  km: number,
  filters: Filters,
  signal?: AbortSignal,
): Promise<CoverageAnswer> {
  const params = withFilters(new URLSearchParams({ km: String(km) }), filters);
  return (await requestJson<CoverageAnswer>(`coverage/${segment(typeId)}?${params}`, { signal })).data;
}

/** A what-if plan (domain/plan.ts): coverage and the counties' need before and after its sites and closures. */
export async function fetchPlan(
  typeId: string,
  plan: { km: number; add: readonly PlanPoint[]; close: readonly string[] },
  filters: Filters,
  signal?: AbortSignal,
): Promise<PlanAnswer> {
  const params = new URLSearchParams({ km: String(plan.km) });
  if (plan.add.length > 0) params.set('add', plan.add.map((p) => `${p.lon},${p.lat}`).join(';'));
  if (plan.close.length > 0) params.set('close', plan.close.join(','));
  return (await requestJson<PlanAnswer>(`plan/${segment(typeId)}?${withFilters(params, filters)}`, { signal })).data;
}

/**
 * A question in everyday words (GET /api/ask): what was understood, less the parts the visitor removed, and the
 * answer; measured from `position` when the question means near the asker.
 */
export async function fetchAsk(
  question: string,
  drop: readonly AskDroppable[],
  position: { lat: number; lon: number } | null,
  signal?: AbortSignal,
): Promise<AskAnswer> {
  const params = new URLSearchParams({ q: question });
  if (drop.length > 0) params.set('drop', drop.join(','));
  if (position) {
    params.set('lat', position.lat.toFixed(5));
    params.set('lon', position.lon.toFixed(5));
  }
  const answer = (await requestJson<AskAnswer>(`ask?${params}`, { signal })).data;
  // A copy the service worker kept from a build before distances were read has no WithinKm: it set none.
  return { ...answer, Understood: { ...answer.Understood, WithinKm: answer.Understood.WithinKm ?? null } };
}

/** Suggested sites (domain/plan.ts): the greedy choice of up to `n` new sites for those `objective` counts. */
export async function fetchSuggestion(
  typeId: string,
  ask: { km: number; n: number; objective: PlanObjective; province: string | null },
  filters: Filters,
  signal?: AbortSignal,
): Promise<SuggestAnswer> {
  const params = new URLSearchParams({ km: String(ask.km), n: String(ask.n), for: ask.objective });
  if (ask.province !== null) params.set('province', ask.province);
  return (
    await requestJson<SuggestAnswer>(`plan/${segment(typeId)}/suggest?${withFilters(params, filters)}`, { signal })
  ).data;
}

/** Need against supply per province or county, with the people farther than `km` from the type. */
export async function fetchEquity(
  typeId: string,
  level: EquityLevel,
  km: number,
  filters: Filters,
  signal?: AbortSignal,
): Promise<EquityRow[]> {
  const params = withFilters(new URLSearchParams({ level, km: String(km) }), filters);
  return (await requestJson<EquityRow[]>(`equity/${segment(typeId)}?${params}`, { signal })).data;
}

/** Each filter's values with their counts for a type, in a province or all, under the other filters. */
export async function fetchFacets(
  typeId: string,
  ostan: string,
  filters: Filters,
  signal?: AbortSignal,
): Promise<FacetsAnswer> {
  const params = withFilters(new URLSearchParams({ ostan }), filters);
  return (await requestJson<FacetsAnswer>(`facets/${segment(typeId)}?${params}`, { signal })).data;
}

export async function fetchProvinces(signal?: AbortSignal): Promise<TreeNode[]> {
  return (await requestJson<TreeNode[]>(`A/1111/Tree?Guid=${EMPTY_GUID}`, { signal })).data;
}

/**
 * The names of one type in one province, handed over in runs as they arrive (the list can hold 300,000).
 * Parsed on the page: reading them in a worker freed the page but brought the first rows later (1.3 s
 * against 1.0 s, bench:list), the copy between threads costing more than it saved.
 */
export function streamOrgLocationNames(
  typeId: string,
  ostan: string,
  filters: Filters,
  onNames: (names: string[]) => void,
  signal?: AbortSignal,
): Promise<void> {
  const path = `TVTOBase/OrglocationByTypeAndOstan/${segment(typeId)}/${segment(ostan)}${filterSuffix(filters)}`;
  return requestStringList(path, onNames, { signal });
}

/** Images load from the server's file-download path followed by the field value. */
export function fileUrl(value: string): string {
  return `${API_BASE}/files/${segment(value)}`;
}

/**
 * When the dataset was last updated: our server says it at /meta; a gateway without that call gives null
 * (the date is then simply not shown), never an error.
 */
export async function fetchUpdatedAt(signal?: AbortSignal): Promise<string | null> {
  return orNull(async () => (await requestJson<DatasetMeta>(META_PATH, { signal })).data.updatedAt, signal);
}

/** A call of our own server's that a gateway may lack: any failure but an abort is null, never an error. */
async function orNull<T>(call: () => Promise<T>, signal?: AbortSignal): Promise<T | null> {
  try {
    return await call();
  } catch (error) {
    if (signal?.aborted) throw error;
    return null;
  }
}

/** Makan's own search call (domain/search.ts); a gateway without it answers 404, shown as a search failure. */
export async function searchLocations(
  query: string,
  options: {
    typeId?: string;
    prefer?: string;
    near?: { lat: number; lon: number };
    limit?: number;
    count?: boolean;
    filters?: Filters;
  },
  signal?: AbortSignal,
): Promise<{ results: SearchResult[]; total: string | null }> {
  const params = withFilters(new URLSearchParams({ q: query }), options.filters ?? NO_FILTERS);
  if (options.typeId) params.set('type', options.typeId);
  if (options.prefer) params.set('prefer', options.prefer);
  if (options.near) {
    params.set('lat', options.near.lat.toFixed(5));
    params.set('lon', options.near.lon.toFixed(5));
  }
  if (options.limit) params.set('limit', String(options.limit));
  if (options.count) params.set('count', '1');
  const { data, headers } = await requestJson<SearchResult[]>(`search?${params}`, { signal });
  return { results: data, total: headers.get(TOTAL_HEADER) };
}

/** Provinces and cities whose Persian name contains the text (name starts first). */
export async function fetchPlaces(query: string, signal?: AbortSignal): Promise<Place[]> {
  const params = new URLSearchParams({ q: query });
  return (await requestJson<Place[]>(`places?${params}`, { signal })).data;
}

/** The nearest locations of a type to a point. */
export async function fetchNearest(
  typeId: string,
  position: { lat: number; lon: number },
  filters: Filters,
  signal?: AbortSignal,
): Promise<NearestResult[]> {
  const params = withFilters(
    new URLSearchParams({ lat: position.lat.toFixed(6), lon: position.lon.toFixed(6) }),
    filters,
  );
  return (await requestJson<NearestResult[]>(`nearest/${segment(typeId)}?${params}`, { signal })).data;
}

/** The nearest locations teaching a trade, of several types at once (merged by distance, each naming its type). */
export async function fetchNearestTeaching(
  trade: string,
  typeIds: readonly string[],
  position: { lat: number; lon: number },
  filters: Filters,
  signal?: AbortSignal,
): Promise<NearestOfType[]> {
  const params = withFilters(
    new URLSearchParams({ trade, lat: position.lat.toFixed(6), lon: position.lon.toFixed(6), types: typeIds.join() }),
    filters,
  );
  return (await requestJson<NearestOfType[]>(`trades/nearest?${params}`, { signal })).data;
}

/** Trades taught by every type that teaches, with each type's count: asked from a page whose type teaches none. */
export async function fetchTradesAcrossTypes(query: string, filters: Filters, signal?: AbortSignal) {
  const params = withFilters(new URLSearchParams({ q: query }), filters);
  return (await requestJson<TradeAcrossTypes[]>(`trades?${params}`, { signal })).data;
}

/** Trades a type's locations teach whose name contains the text, most taught first. */
export async function fetchTrades(typeId: string, query: string, filters: Filters, signal?: AbortSignal) {
  const params = withFilters(new URLSearchParams({ q: query }), filters);
  return (await requestJson<TradeCount[]>(`trades/${segment(typeId)}?${params}`, { signal })).data;
}

/** The current dataset version's metadata (its row counts per type), through the `latest` redirect. */
export async function fetchDownloadMetadata(signal?: AbortSignal): Promise<DownloadMetadata> {
  return (await requestJson<DownloadMetadata>(`downloads/${LATEST}/metadata.json`, { signal })).data;
}

/** The address of a download of one dataset version: all types, or one type's route, under the filters. */
export function downloadUrl(version: number, file: DownloadFile, type: string | null, filters: Filters): string {
  const params = withFilters(new URLSearchParams(type ? { type } : {}), filters).toString();
  return `${API_BASE}/downloads/${version}/${file}${params ? `?${params}` : ''}`;
}

/** What the imports after dataset version `since` changed, newest first. */
export async function fetchChanges(since: number, signal?: AbortSignal): Promise<DatasetChange[]> {
  return (await requestJson<DatasetChange[]>(`changes?since=${since}`, { signal })).data;
}

/**
 * Where the server's vector basemap is (a same-origin PMTiles archive), or null: a server without one, or a
 * gateway that has no such call, leaves the bundled basemap alone, never an error.
 */
export async function fetchBasemapUrl(signal?: AbortSignal): Promise<string | null> {
  return orNull(async () => (await requestJson<BasemapAnswer>('basemap', { signal })).data.Url, signal);
}
