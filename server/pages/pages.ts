/**
 * The pages the server renders with their answer in the HTML (before any script, and without one), read from
 * the same in-memory figures as the API: a type's page at each route (either tab), a location's page at the
 * address the app opens as its dialog, a province's list, the search form's answer, the sitemap and robots.txt.
 * Each page is kept per dataset version, language and address, precompressed, with its ETag.
 */
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { filterKey, type Filters } from '../../domain/filters';
import { chartRowsOf, genderCounts, pieOf, provinceBubblesOf, provinceCounts } from '../stats/filteredCounts';
import { chartDataPath, META_PATH, piePath, provinceBubblesPath } from '../../domain/callPaths';
import { ALL_PROVINCES } from '../../domain/gateway';
import { isUsableGuid } from '../../domain/guid';
import type { Language } from '../../domain/language';
import { routeOfPath, TEACHING_TYPES, typeByRoute, type LocationType } from '../../domain/locationTypes';
import { provinceByEnName, type ProvinceRef } from '../../domain/provinces';
import { SEARCH_LIMIT, SEARCH_MAX_CHARS, SEARCH_MIN_CHARS, NEAREST_LIMIT } from '../../domain/search';
import { compareNames, foldText } from '../../domain/text';
import { findPlaces } from '../places/gazetteer';
import { locationOf } from '../points/TypePoints';
import * as scans from '../points/pointScans';
import { provinceKeyOf } from '../store/catalogueKeys';
import { atVersion, VersionMoved } from '../derived/versionGuard';
import type { RouteContext } from '../routes/context';
import { inLanguage, renderDocument, type PageParts } from './document';
import { html } from './html';
import { pageFiltersOf, tooManyFilters } from './pageFilters';
import { PAGE_WORDS } from './pageWords';
import { listPage, listPageAt, pageOfList, type Listed } from './listPage';
import { locationPage } from './locationPage';
import { searchPage, type SearchFound } from './searchPage';
import { robotsTxt, sitemapFile, sitemapIndex } from './sitemap';
import { typePage } from './typePage';

export interface RenderedPage {
  readonly identity: Buffer;
  readonly br: Buffer;
  readonly gzip: Buffer;
  readonly etag: string;
  readonly type: string;
  readonly status: number;
}

/**
 * The pages kept, bounded in bytes (a sitemap file is megabytes, a page tens of kilobytes) and in number: enough
 * for every route, list and a crawl's worth of locations; the least recently asked for go first.
 */
const KEPT = 2_000;
const KEPT_BYTES = 64 * 1024 * 1024;
/** The provinces' lists kept, in locations listed (a list is its names and Guids, about 150 bytes each). */
const LISTED_KEPT = 200_000;
/** As for the API's answers: a third change of version within one page means something is wrong. */
const ATTEMPTS = 3;
const SITEMAP_FILE = /^\/sitemap-v(\d+)-(\d+)\.xml$/;

export type PageContext = Pick<RouteContext, 'store' | 'points' | 'counts' | 'nearest' | 'trades' | 'publicOrigin'> & {
  /** The dataset version the in-memory figures are of, as the API's answers read it. */
  version(): number;
  /** Switches to the database's newest version (a read found the data moved on). */
  catchUp(): Promise<void>;
};

export class Pages {
  private readonly kept = new LRUCache<string, RenderedPage>({
    max: KEPT,
    maxSize: KEPT_BYTES,
    // Its text, and room for the compressed forms made when first asked for (each well under the text's size).
    sizeCalculation: (page) => Math.max(1, 2 * page.identity.length),
  });
  private readonly lists = new LRUCache<string, Listed[]>({
    max: KEPT,
    maxSize: LISTED_KEPT,
    sizeCalculation: (listed) => Math.max(1, listed.length),
  });
  private version = -1;

  constructor(
    private readonly context: PageContext,
    /** The built shell in each language. */
    private readonly shells: Record<Language, string>,
  ) {}

  /**
   * The page at this address, or null when the address is not one of these pages (the app's own shell then).
   * Made from one dataset version, as the API's answers are (server/http/oneVersion.ts): when the data moves on
   * while it is made, it is made again at the new version.
   */
  async render(path: string, query: URLSearchParams, language: Language): Promise<RenderedPage | null> {
    const origin = this.context.publicOrigin();
    for (let attempt = 1; ; attempt++) {
      try {
        return await atVersion(this.context.version(), () => this.renderAt(path, query, language, origin));
      } catch (error) {
        if (!(error instanceof VersionMoved) || attempt === ATTEMPTS) throw error;
        await this.context.catchUp();
      }
    }
  }

  private async renderAt(
    path: string,
    query: URLSearchParams,
    language: Language,
    origin: string,
  ): Promise<RenderedPage | null> {
    const version = this.context.version();
    if (version !== this.version) {
      this.kept.clear();
      this.lists.clear();
      this.version = version;
    }
    const key = `${language}|${path}?${[...query]
      .sort()
      .map((p) => p.join('='))
      .join('&')}`;
    const known = this.kept.get(key);
    if (known) return known;
    const made = await this.make(path, query, language, origin, version);
    if (made === null) return null;
    this.kept.set(key, made);
    return made;
  }

  private async make(
    path: string,
    query: URLSearchParams,
    language: Language,
    origin: string,
    version: number,
  ): Promise<RenderedPage | null> {
    if (path === '/robots.txt') return encode(robotsTxt(origin), 'text/plain; charset=utf-8', version, 200);
    if (path === '/sitemap.xml')
      return encode(await sitemapIndex(this.context.points, version, origin), XML, version, 200);
    const file = SITEMAP_FILE.exec(path);
    if (file) {
      if (Number(file[1]) !== version) return null;
      const xml = await sitemapFile(this.context.points, Number(file[2]), origin);
      return xml === null ? null : encode(xml, XML, version, 200);
    }
    const page = await this.pageAt(path, query, language, origin);
    if (page === null) return null;
    return encode(renderDocument(this.shells[language], page.parts, origin), HTML, version, page.status);
  }

  private async pageAt(
    path: string,
    query: URLSearchParams,
    language: Language,
    origin: string,
  ): Promise<{ parts: PageParts; status: number } | null> {
    const typeOfQuery = () => typeByRoute(query.get('type') ?? '');
    const noSuchPage = { parts: noSuchPagePart(language, path), status: 404 };
    const filters = pageFiltersOf(query);
    if (filters === null) return { parts: refusalPart(language, path, tooManyFilters(language)), status: 400 };
    if (path === '/list') {
      const type = typeOfQuery();
      const province = provinceByEnName(query.get('province') ?? '');
      if (!type || !province) return noSuchPage;
      const page = Number(query.get('page') ?? '1');
      const all = await this.listOf(type, province, filters);
      const at = listPageAt(Number.isInteger(page) ? page : 1, all.length);
      const phones = await this.phonesOf(pageOfList(all, at).map((l) => l.guid));
      return { parts: listPage(language, type, province, all, at, filters, phones), status: 200 };
    }
    if (path === '/search') {
      const type = typeOfQuery();
      if (!type) return noSuchPage;
      const text = (query.get('q') ?? '').trim();
      const near = (query.get('near') ?? '').trim().slice(0, SEARCH_MAX_CHARS);
      const words = PAGE_WORDS[language];
      const refused =
        text.length > SEARCH_MAX_CHARS
          ? words.tooLong(String(SEARCH_MAX_CHARS))
          : foldText(text).length < SEARCH_MIN_CHARS
            ? words.tooShort
            : null;
      if (refused !== null)
        return {
          parts: searchPage(language, type, { text: text.slice(0, SEARCH_MAX_CHARS), near }, { refused }, filters),
          status: 400,
        };
      const found = await this.search(type, text, near, filters);
      return { parts: searchPage(language, type, { text, near }, found, filters), status: 200 };
    }
    const route = routeOfPath(path);
    const type = route === null ? undefined : typeByRoute(route);
    if (!type) return null;
    const guid = query.get('loc');
    if (guid !== null) {
      const detail = isUsableGuid(guid) ? await this.context.store.locationDetail(guid) : null;
      return { parts: locationPage(language, type, guid, detail, origin), status: detail ? 200 : 404 };
    }
    const counts = await provinceCounts(this.context, type.typeId, filters);
    const tab = query.get('tab') === 'stats' && type.statsEnabled ? 'stats' : 'map';
    const genders = tab === 'stats' ? await genderCounts(this.context, type.typeId, null, filters) : null;
    const parts = typePage(language, type, tab, counts, filters, genders);
    // What the page shows, handed to the app as the API answers it: it does not ask again.
    const answers: Record<string, unknown> = {
      [META_PATH]: await this.context.store.meta(),
      [chartDataPath(type.typeId, filters)]: chartRowsOf(type, counts),
      // The map's first picture of a type loaded by view, at the country's scale: drawn with no request.
      ...(type.loadMode === 'viewport'
        ? { [provinceBubblesPath(type.typeId, filters)]: await provinceBubblesOf(this.context, type.typeId, filters) }
        : {}),
      ...(genders ? { [piePath(type.typeId, ALL_PROVINCES, filters)]: pieOf(genders) } : {}),
    };
    return { parts: { ...parts, answers: { version: this.context.version(), answers } }, status: 200 };
  }

  /** A province's locations of a type (those that pass the filters) in the reader's order, kept for the version. */
  private async listOf(type: LocationType, province: ProvinceRef, filters: Filters): Promise<Listed[]> {
    const key = `${type.typeId}|${province.iso_3166_2}|${filterKey(filters)}`;
    const known = this.lists.get(key);
    if (known) return known;
    const typePoints = await this.context.points.get(type.typeId);
    const wanted = provinceKeyOf.get(province.iso_3166_2);
    const passes = scans.filterOf(typePoints, filters);
    const genders = typePoints.facets.columns.gender;
    const listed: Listed[] = [];
    for (let id = 0; id < typePoints.count; id++)
      if (typePoints.facets.province[id] === wanted && (passes === null || passes(id))) {
        const { Guid, Name } = locationOf(typePoints, id);
        listed.push({ guid: Guid, name: Name, gender: genders.values[genders.codes[id]!] ?? '' });
      }
    listed.sort((a, b) => compareNames(a.name, b.name));
    this.lists.set(key, listed);
    return listed;
  }

  /**
   * What the form asks, answered as the app answers it: a town (named in "near", or as the text itself) gives the
   * nearest from it; a trade gives where it is taught (over every type that teaches, from a page whose type
   * teaches nothing), nearest the town first; a name gives the locations so named. Each listed place says whom
   * it admits and its phone.
   */
  private async search(type: LocationType, text: string, near: string, filters: Filters): Promise<SearchFound> {
    const town = exactTown(near === '' ? text : near);
    const teaching = type.teaches ? [type.typeId] : TEACHING_TYPES.map((t) => t.typeId);
    const [[trade], names] = await Promise.all([
      this.context.trades.tradesAcross(teaching, text, filters, 1),
      this.context.store.search({ folded: foldText(text), typeId: null, near: null, limit: SEARCH_LIMIT.default }),
    ]);
    const limit = NEAREST_LIMIT.default;
    const [nearest, taught] = await Promise.all([
      // The type's nearest when the text is a town, or names none of its trades.
      town && (near === '' || !trade)
        ? this.context.nearest.nearest(type.typeId, town.Lat, town.Long, limit, filters)
        : Promise.resolve([]),
      trade && town
        ? this.context.trades.nearestAcross(teaching, trade.Trade, town.Lat, town.Long, limit, filters)
        : Promise.resolve([]),
    ]);
    const phones = await this.phonesOf([...nearest.map((r) => r.guid), ...taught.map((r) => r.Guid)]);
    return {
      town,
      nearest: nearest.map((r) => ({
        guid: r.guid,
        name: r.name,
        typeId: type.typeId,
        km: r.distanceKm,
        gender: r.gender,
        phone: phones.get(r.guid) ?? '',
      })),
      trade: trade ? { name: trade.Trade, count: trade.Count, types: trade.Types.map((t) => t.TypeId) } : null,
      taught: taught.map((r) => ({
        guid: r.Guid,
        name: r.Name,
        typeId: r.TypeId,
        km: r.DistanceKm,
        gender: r.Gender,
        phone: phones.get(r.Guid) ?? '',
      })),
      names,
    };
  }

  /** The phones of a few listed locations (a page lists at most a hundred), by Guid. */
  private async phonesOf(guids: readonly string[]): Promise<Map<string, string>> {
    const details = await Promise.all(guids.map((guid) => this.context.store.locationDetail(guid)));
    return new Map(guids.map((guid, i) => [guid, details[i]?.phone ?? '']));
  }
}

/** The place a text names exactly (in Persian or English), if it names one. */
function exactTown(text: string) {
  if (text === '') return null;
  const [town] = findPlaces(text, 1);
  const folded = foldText(text);
  return town && (foldText(town.Name) === folded || foldText(town.NameEn ?? '') === folded) ? town : null;
}

const HTML = 'text/html; charset=utf-8';

/** A page that is not one (a 404) or an address it cannot answer (a 400): why, and the way to the map. */
function refusalPart(language: Language, path: string, why: string): PageParts {
  const words = PAGE_WORDS[language];
  return {
    language,
    title: why,
    description: why,
    path,
    main: html`<p class="ssr-note" role="alert">${why}</p><p><a href="${inLanguage('/', language)}">${words.map}</a></p>`,
    app: false,
  };
}

const noSuchPagePart = (language: Language, path: string) =>
  refusalPart(language, path, PAGE_WORDS[language].noSuchPage);
const XML = 'application/xml; charset=utf-8';

/**
 * Brotli's quality for a page made on request: 5 compresses a page in about a millisecond to within a third of
 * what 11 reaches in thirty (npm run bench:pages), well inside the first round trip either way.
 */
const PAGE_BROTLI_QUALITY = 5;

function encode(text: string, type: string, version: number, status: number): RenderedPage {
  const identity = Buffer.from(text);
  // The version and a hash of the bytes: a page changes only with the data or the build.
  const hash = createHash('sha1').update(identity).digest('base64url').slice(0, 16);
  let br: Buffer | null = null;
  let gzip: Buffer | null = null;
  return {
    identity,
    // Each compressed form made when first asked for (most browsers never ask for gzip).
    get br() {
      br ??= brotliCompressSync(identity, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: PAGE_BROTLI_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
        },
      });
      return br;
    },
    get gzip() {
      gzip ??= gzipSync(identity);
      return gzip;
    },
    etag: `W/"v${version}-${hash}"`,
    type,
    status,
  };
}
