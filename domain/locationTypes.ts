/**
 * The one catalogue of location types: routes, type ids, load modes, minimum zooms, Persian and English labels,
 * menu entries.
 * Client and server both read it; nothing else may hard-code a route, type id or minimum zoom.
 *
 * Type ids keep the known prefixes the specification gives; the remainder (which it does not show) is completed
 * deterministically from sha1("makan:location-type:" + route), so the ids never change between runs.
 */
/** Fixed: every location at once; viewport: what the view holds, bubbles below the type's minimum zoom. */
export const LOAD_MODES = ['fixed', 'viewport'] as const;
export type LoadMode = (typeof LOAD_MODES)[number];

interface CatalogueEntry {
  /** Path segment without the leading slash; '' is the empty path. */
  readonly route: string;
  readonly typeId: string;
  /**
   * The type's key in every database (both stores): given once and never reused or changed, so a type added
   * anywhere in the list, or one removed, never relabels another's stored locations. The empty path shares
   * MainOffice's type, and so its key.
   */
  readonly storeKey: number;
  readonly loadMode: LoadMode;
  /** Viewport types: markers at or above this zoom, cluster bubbles below. Null for fixed types. */
  readonly minZoom: number | null;
  readonly titleFa: string;
  readonly titleEn: string;
  /** Position in the sidebar (1-based), null for routes without a menu entry. */
  readonly menuOrder: number | null;
  /** The statistics tab is disabled (shown, not hidden) where this is false. */
  readonly statsEnabled: boolean;
  /**
   * Whether its locations are places of training. A main office administers: its page's trade search asks the
   * types that teach instead ("sewing" from the landing page must not answer with an office 1,000 km away).
   */
  readonly teaches: boolean;
  /**
   * What people call its locations when they ask for one in their own words, beyond its titles (domain/ask):
   * «آموزشگاه», "academy". Plurals and the ezafe are read off by the reader; a word another type also claims
   * names the first type listed.
   */
  readonly askWords: { readonly fa: readonly string[]; readonly en: readonly string[] };
}

const MAIN_OFFICE_ID = 'FAE5D3AC-68C3-B144-CDCE-DAC732CAD755';

const CATALOGUE = [
  // The empty path shows the main offices (same type id) with statistics disabled.
  {
    route: '',
    typeId: MAIN_OFFICE_ID,
    storeKey: 1,
    loadMode: 'fixed',
    minZoom: null,
    titleFa: 'ادارات کل',
    titleEn: 'Provincial main offices',
    menuOrder: null,
    statsEnabled: false,
    teaches: false,
    askWords: { fa: [], en: [] },
  },
  {
    route: 'MainOffice',
    typeId: MAIN_OFFICE_ID,
    storeKey: 1,
    loadMode: 'fixed',
    minZoom: null,
    titleFa: 'ادارات کل',
    titleEn: 'Provincial main offices',
    menuOrder: 1,
    statsEnabled: false,
    teaches: false,
    askWords: {
      fa: ['اداره کل', 'ادارات کل', 'اداره کل فنی و حرفه ای', 'اداره'],
      en: [
        'main office',
        'main offices',
        'provincial office',
        'head office',
        'office',
        'tvto office',
        'tvto main office',
        'tvto head office',
      ],
    },
  },
  {
    route: 'Centers',
    typeId: '4B49A93C-B4DF-74D2-AFA2-08B162694FF2',
    storeKey: 2,
    loadMode: 'viewport',
    minZoom: 10,
    titleFa: 'مراکز سازمان',
    titleEn: 'TVTO centres',
    menuOrder: 2,
    statsEnabled: true,
    teaches: true,
    askWords: {
      fa: [
        'مرکز',
        'مراکز',
        'مرکز فنی و حرفه ای',
        'مراکز فنی و حرفه ای',
        'مرکز آموزش فنی و حرفه ای',
        'فنی و حرفه ای',
        'فنی حرفه ای',
        'مرکز دولتی',
        'مرکز آموزشی',
      ],
      en: [
        'centre',
        'centres',
        'center',
        'centers',
        'tvto',
        'tvto centre',
        'tvto center',
        'training centre',
        'training center',
        'public centre',
        'public center',
        'vocational',
        'vocational centre',
        'vocational center',
        'vocational training centre',
        'vocational training center',
        'technical and vocational centre',
        'technical and vocational center',
      ],
    },
  },
  {
    route: 'Academy',
    typeId: '51CA6060-3AE0-65BF-4FE6-A07F4735D6F8',
    storeKey: 3,
    loadMode: 'viewport',
    minZoom: 15,
    titleFa: 'آموزشگاه‌های آزاد',
    titleEn: 'Private training academies',
    menuOrder: 3,
    statsEnabled: true,
    teaches: true,
    askWords: {
      fa: [
        'آموزشگاه',
        'آموزشگاه آزاد',
        'آموزشگاه خصوصی',
        'آموزشگاه فنی و حرفه ای',
        'آموزشگاه فنی و حرفه ای آزاد',
        'آموزشگاه فنی حرفه ای',
      ],
      en: [
        'academy',
        'academies',
        'private academy',
        'private academies',
        'school',
        'schools',
        'institute',
        'institutes',
        'private school',
      ],
    },
  },
  {
    route: 'Workshop',
    typeId: 'D0805B5E-905F-BBF0-85BE-7693035F546A',
    storeKey: 4,
    loadMode: 'viewport',
    minZoom: 10,
    titleFa: 'کارگاه ثابت شهری',
    titleEn: 'Fixed urban workshops',
    menuOrder: 4,
    statsEnabled: true,
    teaches: true,
    askWords: {
      fa: ['کارگاه', 'کارگاه ثابت', 'کارگاه شهری', 'کارگاه ثابت شهری'],
      en: ['workshop', 'workshops', 'urban workshop', 'fixed workshop'],
    },
  },
  {
    route: 'Prison',
    typeId: 'ADE53028-DE3A-0488-285D-254601E64973',
    storeKey: 5,
    loadMode: 'fixed',
    minZoom: null,
    titleFa: 'زندان‌ها',
    titleEn: 'Prisons',
    menuOrder: null,
    statsEnabled: true,
    teaches: true,
    askWords: { fa: ['زندان'], en: ['prison', 'prisons', 'jail', 'jails'] },
  },
  {
    route: 'Barracks',
    typeId: '00661A1A-0E4A-EED0-A3C4-F67DC9332A30',
    storeKey: 6,
    loadMode: 'viewport',
    minZoom: 8,
    titleFa: 'پادگان‌ها',
    titleEn: 'Barracks',
    menuOrder: null,
    statsEnabled: true,
    teaches: true,
    askWords: { fa: ['پادگان'], en: ['barracks', 'army barracks'] },
  },
  {
    route: 'Village',
    typeId: '5DE0B07A-ADAA-F1BA-BC8B-C8B42948812F',
    storeKey: 7,
    loadMode: 'viewport',
    minZoom: 8,
    titleFa: 'کارگاه روستایی',
    titleEn: 'Rural workshops',
    menuOrder: 5,
    statsEnabled: true,
    teaches: true,
    askWords: {
      fa: ['کارگاه روستایی', 'کارگاه روستا', 'کارگاههای روستایی'],
      en: ['rural workshop', 'village workshop'],
    },
  },
  {
    route: 'Mobile',
    typeId: '054D3D73-B6E6-4AC4-51E6-E73EE4621B03',
    storeKey: 8,
    loadMode: 'viewport',
    minZoom: 10,
    titleFa: 'کارگاه سیار شهری',
    titleEn: 'Mobile urban workshops',
    menuOrder: 6,
    statsEnabled: true,
    teaches: true,
    askWords: { fa: ['کارگاه سیار', 'کارگاه سیار شهری', 'واحد سیار', 'سیار'], en: ['mobile workshop', 'mobile unit'] },
  },
  {
    route: 'Industries',
    typeId: 'E588A50B-0D45-BFE4-92A4-24397D9FCC76',
    storeKey: 9,
    loadMode: 'fixed',
    minZoom: null,
    titleFa: 'کارگاه صنایع - پیمانی',
    titleEn: 'Industry workshops (contract)',
    menuOrder: 7,
    statsEnabled: true,
    teaches: true,
    askWords: {
      fa: ['کارگاه صنایع', 'کارگاه صنایع پیمانی', 'کارگاه پیمانی', 'پیمانی'],
      en: ['industry workshop', 'contract workshop'],
    },
  },
  {
    route: 'Guilds',
    typeId: 'C5D866CF-168F-188C-D21D-8DF015A22365',
    storeKey: 10,
    loadMode: 'fixed',
    minZoom: null,
    titleFa: 'کارگاه صنایع - اصناف',
    titleEn: 'Industry workshops (guilds)',
    menuOrder: 8,
    statsEnabled: true,
    teaches: true,
    askWords: {
      fa: ['کارگاه اصناف', 'کارگاه صنایع اصناف', 'اصناف'],
      en: ['guild workshop', 'guild workshops', 'guilds'],
    },
  },
  {
    route: 'University',
    typeId: 'CB61C6BE-21E8-EDA0-BAD1-22C2AA9510D3',
    storeKey: 11,
    loadMode: 'fixed',
    minZoom: null,
    titleFa: 'کارگاه جنب دانشگاه',
    titleEn: 'Workshops beside universities',
    menuOrder: 9,
    statsEnabled: true,
    teaches: true,
    askWords: {
      fa: ['کارگاه جنب دانشگاه', 'جنب دانشگاه', 'دانشگاه'],
      en: ['university workshop', 'university', 'universities'],
    },
  },
  {
    route: 'Exam',
    typeId: 'B5925AFD-2D21-72DA-B7FA-D4381C8C37D9',
    storeKey: 12,
    loadMode: 'viewport',
    minZoom: 15,
    titleFa: 'برگزاری دوره تحت نظارت آموزشگاه',
    titleEn: 'Courses supervised by an academy',
    menuOrder: 10,
    statsEnabled: true,
    teaches: true,
    askWords: {
      fa: ['دوره تحت نظارت آموزشگاه', 'تحت نظارت آموزشگاه'],
      en: ['supervised course', 'supervised courses'],
    },
  },
  {
    route: 'branch',
    typeId: '20547706-9D34-19BB-5B43-F71CF4269FF1',
    storeKey: 13,
    loadMode: 'fixed',
    minZoom: null,
    titleFa: 'محل برگزاری دوره تحت نظارت شعبه آموزشگاه',
    titleEn: 'Course sites supervised by an academy branch',
    menuOrder: 11,
    statsEnabled: true,
    teaches: true,
    askWords: { fa: ['شعبه آموزشگاه', 'شعبه'], en: ['academy branch', 'branch', 'branches'] },
  },
  {
    route: 'sub',
    typeId: 'C138FA65-D18B-0895-51F5-D2BA212ED273',
    storeKey: 14,
    loadMode: 'viewport',
    minZoom: 8,
    titleFa: 'حوزه فرعی آزمون',
    titleEn: 'Secondary exam centres',
    menuOrder: 12,
    statsEnabled: true,
    teaches: true,
    askWords: {
      fa: ['حوزه فرعی آزمون', 'حوزه آزمون', 'حوزه فرعی', 'آزمون'],
      en: ['exam centre', 'exam center', 'exam centres', 'exam centers', 'exam'],
    },
  },
  {
    route: 'real',
    typeId: '27C7DA9F-BC58-4ED6-4B6A-C54A19E1EA49',
    storeKey: 15,
    loadMode: 'viewport',
    minZoom: 9,
    titleFa: 'آموزش مهارت در محیط واقعی کار',
    titleEn: 'Skills training in real workplaces',
    menuOrder: 13,
    statsEnabled: true,
    teaches: true,
    askWords: {
      fa: ['محیط واقعی کار', 'آموزش در محیط کار', 'محیط کار'],
      en: ['real workplace', 'workplace training', 'on the job training'],
    },
  },
  {
    route: 'garrison',
    typeId: '85C1FC03-261E-12E4-3DD9-8F55C3C66B2C',
    storeKey: 16,
    loadMode: 'fixed',
    minZoom: null,
    titleFa: 'قرارگاه‌ها',
    titleEn: 'Bases',
    menuOrder: null,
    statsEnabled: true,
    teaches: true,
    askWords: { fa: ['قرارگاه'], en: ['base', 'bases', 'garrison'] },
  },
  {
    route: 'prison2',
    typeId: '5069090E-B599-9E33-65DB-385DAC8EB6D3',
    storeKey: 17,
    loadMode: 'fixed',
    minZoom: null,
    titleFa: 'ندامتگاه‌ها',
    titleEn: 'Correctional facilities',
    menuOrder: null,
    statsEnabled: true,
    teaches: true,
    askWords: { fa: ['ندامتگاه'], en: ['correctional facility', 'correctional facilities', 'correctional'] },
  },
  {
    route: 'school',
    typeId: '3781E294-6E44-B419-6537-04B5C253C8A3',
    storeKey: 18,
    loadMode: 'viewport',
    minZoom: 8,
    titleFa: 'هنرستان‌ها و مدارس',
    titleEn: 'Technical schools and schools',
    menuOrder: 14,
    statsEnabled: true,
    teaches: true,
    askWords: {
      fa: ['هنرستان', 'هنرستان فنی', 'هنرستان فنی و حرفه ای', 'مدرسه', 'مدارس', 'هنرستان کاردانش', 'کاردانش'],
      en: ['technical school', 'technical schools', 'high school', 'vocational school', 'vocational schools'],
    },
  },
] as const satisfies readonly CatalogueEntry[];

/** Every route the catalogue has, as a type: a table keyed by route that misses one fails to compile. */
export type Route = (typeof CATALOGUE)[number]['route'];
/** The routes of the distinct types (the empty path shows MainOffice's). */
export type TypeRoute = Exclude<Route, ''>;
/** The routes with a sidebar entry. */
export type MenuRoute = Extract<(typeof CATALOGUE)[number], { menuOrder: number }>['route'];

export interface LocationType extends CatalogueEntry {
  readonly route: Route;
}

export const LOCATION_TYPES: readonly LocationType[] = CATALOGUE;

/** Route -> type. The empty path is keyed by ''. */
const BY_ROUTE = new Map<string, LocationType>(LOCATION_TYPES.map((t) => [t.route, t]));

export function typeByRoute(route: string): LocationType | undefined {
  return BY_ROUTE.get(route);
}

/** Distinct types by id (the empty path shares MainOffice's id, so it is not a type of its own). */
export const DISTINCT_TYPES: readonly LocationType[] = LOCATION_TYPES.filter((t) => t.route !== '');

/** The types whose locations teach, once each: where a trade is searched for from a page that teaches nothing. */
export const TEACHING_TYPES: readonly LocationType[] = DISTINCT_TYPES.filter((t) => t.teaches);

export function typeById(typeId: string): LocationType | undefined {
  const wanted = typeId.toUpperCase();
  return DISTINCT_TYPES.find((t) => t.typeId === wanted);
}

export const MENU_ENTRIES: readonly LocationType[] = LOCATION_TYPES.filter((t) => t.menuOrder !== null).sort(
  (a, b) => (a.menuOrder ?? 0) - (b.menuOrder ?? 0),
);

/** The sidebar entry that shows this route's locations: the empty path shows the main offices, so MainOffice's. */
export function menuEntryOf(route: string): LocationType | undefined {
  const type = typeByRoute(route);
  return type ? MENU_ENTRIES.find((entry) => entry.typeId === type.typeId) : undefined;
}

/** Parses a pathname ("/Centers", "/", "/Centers/") into its route, or null for paths outside the catalogue. */
export function routeOfPath(pathname: string): string | null {
  const trimmed = pathname.replace(/^\/+|\/+$/g, '');
  return BY_ROUTE.has(trimmed) ? trimmed : null;
}

export function pathOfRoute(route: string): string {
  return `/${route}`;
}

/** Whether markers (true) or cluster bubbles (false) are due at this zoom for a viewport type. */
export function showsMarkersAt(type: Pick<LocationType, 'loadMode' | 'minZoom'>, zoom: number): boolean {
  return type.loadMode === 'fixed' || zoom >= (type.minZoom ?? 0);
}
