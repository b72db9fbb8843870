/**
 * Every page the server renders, as route declarations beside the API's (routes/apiRoutes.ts): its addresses,
 * the schema of its query (or path parameters), and how it is made. A new page joins with one entry; pageScope.ts
 * registers them all as Fastify routes under the same conventions.
 */
import { Type, type TObject } from 'typebox';
import { LANGUAGE_PARAM } from '../../domain/language';
import { LOCATION_TYPES, pathOfRoute, type LocationType } from '../../domain/locationTypes';
import { AUDIENCE_PARAM } from './pageFilters';
import type { MadePage, PageAsk, PageMaker } from './pageMaker';

export interface PageRoute {
  /** Where it answers (Fastify's route syntax). */
  readonly url: string;
  /**
   * An HTML page refuses an address its schema cannot read with a page saying why (400); a file the crawlers ask
   * for (robots.txt, the sitemaps) is a plain 404 then, as for a name it does not have.
   */
  readonly kind: 'page' | 'file';
  readonly querystring?: TObject;
  readonly params?: TObject;
  /** The page, or null where the address names nothing (a plain 404). */
  make(maker: PageMaker, ask: PageAsk, params: Readonly<Record<string, string>>): Promise<MadePage | null> | MadePage;
  /** Whether answering costs more than reading the figures kept in memory: such pages count against the rate limit. */
  costsWork(ask: PageAsk): boolean;
}

/**
 * What every page reads besides its own parameters: the language, and the search form's audience. The filters
 * (domain/filters.ts) are read by their own rule with the API's limits (pageFilters.ts), and a link may carry
 * parameters of its own (a campaign's `utm_…`): the schemas let other keys through.
 */
const SHARED = {
  [LANGUAGE_PARAM]: Type.Optional(Type.String({ maxLength: 16 })),
  [AUDIENCE_PARAM]: Type.Optional(Type.String({ maxLength: 16 })),
};
const OPEN = { additionalProperties: true } as const;
const NAME = Type.String({ maxLength: 64 });
/** Far above what a search reads (domain/search.ts SEARCH_MAX_CHARS, refused on its page with the reason). */
const TYPED = Type.String({ maxLength: 1_000 });

const TYPE_PAGE_QUERY = Type.Object(
  {
    ...SHARED,
    tab: Type.Optional(Type.Union([Type.Literal('map'), Type.Literal('stats')])),
    loc: Type.Optional(NAME),
  },
  OPEN,
);
const LIST_QUERY = Type.Object(
  {
    ...SHARED,
    type: Type.Optional(NAME),
    province: Type.Optional(NAME),
    page: Type.Optional(Type.String({ pattern: '^[0-9]{1,6}$' })),
  },
  OPEN,
);
const SEARCH_QUERY = Type.Object(
  { ...SHARED, type: Type.Optional(NAME), q: Type.Optional(TYPED), near: Type.Optional(TYPED) },
  OPEN,
);
const SITEMAP_FILE_PARAMS = Type.Object({
  version: Type.String({ pattern: '^[0-9]{1,12}$' }),
  part: Type.String({ pattern: '^[0-9]{1,6}$' }),
});

/** What a type's page as it is may carry and still be one of the few kept pages: its language and its tab. */
const FREE_PARAMS = new Set([LANGUAGE_PARAM, 'tab']);

function typePageRoute(type: LocationType): PageRoute {
  return {
    url: pathOfRoute(type.route),
    kind: 'page',
    querystring: TYPE_PAGE_QUERY,
    make: (maker, ask) => maker.typePage(ask, type),
    // A location, filters, or a parameter the page does not know make a page of its own.
    costsWork: (ask) => [...ask.query.keys()].some((key) => !FREE_PARAMS.has(key)),
  };
}

const always = () => true;

export const PAGE_ROUTES: readonly PageRoute[] = [
  ...LOCATION_TYPES.map(typePageRoute),
  { url: '/list', kind: 'page', querystring: LIST_QUERY, make: (maker, ask) => maker.list(ask), costsWork: always },
  {
    url: '/search',
    kind: 'page',
    querystring: SEARCH_QUERY,
    make: (maker, ask) => maker.searchPage(ask),
    costsWork: always,
  },
  { url: '/robots.txt', kind: 'file', make: (maker, ask) => maker.robots(ask.origin), costsWork: () => false },
  { url: '/sitemap.xml', kind: 'file', make: (maker, ask) => maker.sitemapIndex(ask.origin), costsWork: always },
  {
    url: '/sitemap-v:version-:part.xml',
    kind: 'file',
    params: SITEMAP_FILE_PARAMS,
    make: (maker, ask, params) => maker.sitemapFile(Number(params.version), Number(params.part), ask.origin),
    costsWork: always,
  },
];
