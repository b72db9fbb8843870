/**
 * The pages the server renders with their answer in the HTML (before any script, and without one), read from
 * the same in-memory figures as the API: a type's page at each route (either tab), a location's page at the
 * address the app opens as its dialog, a province's list, the search form's answer, the sitemap and robots.txt.
 * Which address is which page, and how a page is sent and kept, is pageRoutes.ts's and pageScope.ts's.
 */
import { LRUCache } from 'lru-cache';
import { filterKey, type Filters } from '../../domain/filters';
import { chartRowsOf, genderCounts, pieOf, provinceBubblesOf, provinceCounts } from '../stats/filteredCounts';
import { chartDataPath, META_PATH, piePath, provinceBubblesPath } from '../../domain/callPaths';
import { ALL_PROVINCES } from '../../domain/gateway';
import { isUsableGuid } from '../../domain/guid';
import { ASK_DROPPABLE, type AskDroppable, type Understood } from '../../domain/wire/ask';
import type { Language } from '../../domain/language';
import { TEACHING_TYPES, typeByRoute, type LocationType } from '../../domain/locationTypes';
import { provinceByEnName, type ProvinceRef } from '../../domain/provinces';
import { SEARCH_LIMIT, SEARCH_MAX_CHARS, SEARCH_MIN_CHARS, NEAREST_LIMIT } from '../../domain/search';
import { compareNames, foldText } from '../../domain/text';
import { findPlaces } from '../places/gazetteer';
import { searchedAs } from '../search/searchedAs';
import { locationOf } from '../points/TypePoints';
import * as scans from '../points/pointScans';
import { provinceKeyOf } from '../store/catalogueKeys';
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

/** A page as made: its text, its media type and its status (a refusal is a page too). */
export interface MadePage {
  readonly text: string;
  readonly type: string;
  readonly status: number;
}

/** The provinces' lists kept, in locations listed (a list is its names and Guids, about 150 bytes each). */
const LISTED_KEPT = 2_000;
const LISTED_KEPT_LOCATIONS = 200_000;

export type PageContext = Pick<
  RouteContext,
  'store' | 'points' | 'counts' | 'nearest' | 'trades' | 'ask' | 'publicOrigin'
> & {
  /** The dataset version the in-memory figures are of, as the API's answers read it. */
  version(): number;
};

/** What a page is asked: its path and query as sent, the language chosen, and the site's public origin. */
export interface PageAsk {
  readonly path: string;
  readonly query: URLSearchParams;
  readonly language: Language;
  readonly origin: string;
}

/** Makes each page from the figures the API reads, at the dataset version its route runs at (http/oneVersion.ts). */
export class PageMaker {
  private readonly lists = new LRUCache<string, Listed[]>({
    max: LISTED_KEPT,
    maxSize: LISTED_KEPT_LOCATIONS,
    sizeCalculation: (listed) => Math.max(1, listed.length),
  });
  private listsVersion = -1;

  constructor(
    private readonly context: PageContext,
    /** The built shell in each language. */
    private readonly shells: Record<Language, string>,
  ) {}

  robots(origin: string): MadePage {
    return { text: robotsTxt(origin), type: TEXT, status: 200 };
  }

  async sitemapIndex(origin: string): Promise<MadePage> {
    return { text: await sitemapIndex(this.context.points, this.context.version(), origin), type: XML, status: 200 };
  }

  /** One file of the sitemap, or null when it is of another dataset version or past the last. */
  async sitemapFile(version: number, part: number, origin: string): Promise<MadePage | null> {
    if (version !== this.context.version()) return null;
    const xml = await sitemapFile(this.context.points, part, origin);
    return xml === null ? null : { text: xml, type: XML, status: 200 };
  }

  /** A page refused with the reason (an address its schema does not read, or too many filters). */
  refused(ask: PageAsk, why: string, status: number): MadePage {
    return this.document(ask, { parts: refusalPart(ask.language, ask.path, why), status });
  }

  async list(ask: PageAsk): Promise<MadePage> {
    return this.document(ask, await this.listAt(ask));
  }

  async searchPage(ask: PageAsk): Promise<MadePage> {
    return this.document(ask, await this.searchAt(ask));
  }

  async typePage(ask: PageAsk, type: LocationType): Promise<MadePage> {
    return this.document(ask, await this.typePageAt(ask, type));
  }

  private document(ask: PageAsk, page: { parts: PageParts; status: number }): MadePage {
    return { text: renderDocument(this.shells[ask.language], page.parts, ask.origin), type: HTML, status: page.status };
  }

  private filtersOrRefusal(ask: PageAsk): Filters | { parts: PageParts; status: number } {
    const filters = pageFiltersOf(ask.query);
    if (filters !== null) return filters;
    return { parts: refusalPart(ask.language, ask.path, tooManyFilters(ask.language)), status: 400 };
  }

  private async listAt(ask: PageAsk): Promise<{ parts: PageParts; status: number }> {
    const { path, query, language } = ask;
    const filters = this.filtersOrRefusal(ask);
    if ('parts' in filters) return filters;
    const type = typeByRoute(query.get('type') ?? '');
    const province = provinceByEnName(query.get('province') ?? '');
    if (!type || !province) return { parts: noSuchPagePart(language, path), status: 404 };
    const page = Number(query.get('page') ?? '1');
    const all = await this.listOf(type, province, filters);
    const at = listPageAt(Number.isInteger(page) ? page : 1, all.length);
    const phones = await this.phonesOf(pageOfList(all, at).map((l) => l.guid));
    return { parts: listPage(language, type, province, all, at, filters, phones), status: 200 };
  }

  private async searchAt(ask: PageAsk): Promise<{ parts: PageParts; status: number }> {
    const { path, query, language } = ask;
    const filters = this.filtersOrRefusal(ask);
    if ('parts' in filters) return filters;
    const type = typeByRoute(query.get('type') ?? '');
    if (!type) return { parts: noSuchPagePart(language, path), status: 404 };
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
    const drop = dropOfQuery(query.get('drop'));
    const [found, question] = await Promise.all([
      this.search(type, text, near, filters),
      // Two words or more may be a question in everyday words: read as one, its answer comes first.
      foldText(text).split(' ').length >= 2 ? this.context.ask.ask(text, null, drop) : Promise.resolve(null),
    ]);
    const answered =
      question !== null && understoodAnything(question.Understood)
        ? { answer: question, drop, phones: await this.phonesOf(question.Answer.Locations.map((l) => l.Guid)) }
        : null;
    return { parts: searchPage(language, type, { text, near }, found, filters, answered), status: 200 };
  }

  private async typePageAt(ask: PageAsk, type: LocationType): Promise<{ parts: PageParts; status: number }> {
    const { query, language, origin } = ask;
    const filters = this.filtersOrRefusal(ask);
    if ('parts' in filters) return filters;
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
    const version = this.context.version();
    if (version !== this.listsVersion) {
      this.lists.clear();
      this.listsVersion = version;
    }
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
      searchedAs({ folded: foldText(text), typeId: null, near: null, limit: SEARCH_LIMIT.default }, (query) =>
        this.context.store.search(query),
      ).then((searched) => searched.rows),
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

/** The parts a search's `drop` removes from what was understood (unknown parts are ignored). */
function dropOfQuery(text: string | null): AskDroppable[] {
  return [
    ...new Set(
      (text ?? '').split(',').filter((part): part is AskDroppable => ASK_DROPPABLE.includes(part as AskDroppable)),
    ),
  ];
}

/** Whether a reading found any part of a question (a bare name or nonsense finds none). */
const understoodAnything = (u: Understood) =>
  u.Route !== null ||
  u.Trade !== null ||
  u.Audience !== null ||
  u.Place !== null ||
  u.NearMe ||
  u.WithinKm !== null ||
  u.Intent !== 'nearest';

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
const TEXT = 'text/plain; charset=utf-8';
