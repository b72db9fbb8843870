/**
 * The words of the pages the server renders (before any script, and without one), in each language of
 * domain/language.ts: a language without its words here fails to compile.
 */
import type { Language } from '../../domain/language';
import type { AudienceKey } from '../../domain/audiences';
import type { AskDroppable } from '../../domain/ask/parts';
import type { ChangeKind } from '../store/importPlan';

/** The changes feed's words (server/routes/feedRoutes.ts). */
export interface FeedWords {
  title(scope: string | null): string;
  version(version: string): string;
  kinds: Record<ChangeKind, string>;
  /** "3 added", one kind's count. */
  count(count: string, kind: ChangeKind): string;
  /** A location named under its kind of change, with its type and province. */
  place(name: string, type: string, province: string): string;
  more(count: string): string;
  noSuchType(route: string): string;
  noSuchProvince(code: string, first: string, last: string): string;
  /** Between the items of a list. */
  separator: string;
}

/** The answer to a question in everyday words on the search page (server/pages/searchPage.ts). */
export interface AskPageWords {
  understood: string;
  remove(part: string): string;
  parts: Record<AskDroppable | 'Intent', string>;
  audience: Record<AudienceKey, string>;
  nearMe: string;
  province(name: string): string;
  intent: Record<'nearest' | 'list' | 'count', string>;
  anyType: string;
  unused(words: string): string;
  nearestFrom(from: string): string;
  within(km: string): string;
  nearestWithin(km: string, from: string): string;
  listIn(count: string, shown: string): string;
  counted(count: string, what: string, where: string): string;
  inProvince(name: string): string;
  around(km: string, name: string): string;
  inCountry: string;
  locations: string;
  teaching(trade: string): string;
  admitting(whom: string): string;
  whom: Record<AudienceKey, string>;
  needsPosition: string;
  nothing: string;
  nothingWithin(km: string): string;
  trades(names: string): string;
  /** Where the answer's figures come from. */
  source: string;
}

export interface PageWords {
  feed: FeedWords;
  ask: AskPageWords;
  map: string;
  stats: string;
  types: string;
  total(count: string): string;
  perCapita(rate: string): string;
  province: string;
  count: string;
  rate: string;
  census: string;
  listOf(type: string, province: string): string;
  listCount(count: string): string;
  page(n: string, of: string): string;
  previous: string;
  next: string;
  searchLabel: string;
  searchHint: string;
  nearLabel: string;
  forLabel: string;
  /** The search form's "for whom": everyone, or an audience of domain/audiences.ts. */
  audiences: Record<'any' | AudienceKey, string>;
  tradeTaught(trade: string, count: string): string;
  tradeNearest(trade: string, town: string): string;
  nameYourTown: string;
  searchButton: string;
  searchTitle(query: string): string;
  nearestTo(type: string, town: string): string;
  namesMatching(query: string): string;
  nothingFound(query: string): string;
  tooShort: string;
  tooLong(max: string): string;
  km(distance: string): string;
  phone: string;
  fax: string;
  gender: string;
  legal: string;
  yes: string;
  no: string;
  openFile: string;
  openImage: string;
  address: string;
  directions: string;
  directionApps: Record<'geo' | 'neshan' | 'balad' | 'google' | 'osm', string>;
  notFound: string;
  noSuchPage: string;
  /** An address whose query the page cannot read (a parameter given twice, too long, or of a form it has not). */
  badAddress: string;
  /** Said on every page the app takes over: true while it loads, and for good where it cannot. */
  scriptUnavailable: string;
  highest(name: string, count: string): string;
  lowest(name: string, count: string): string;
  /** How many provinces have none: the number, and as the page writes it. */
  none(count: number, shown: string): string;
  description(type: string, total: string): string;
  locationDescription(name: string, type: string, address: string): string;
  mapCaption(type: string): string;
  /** Between the items of a list ("a, b"), and between clauses of a sentence ("…; …"). */
  listSeparator: string;
  clauseSeparator: string;
  /** Before the filters a page is answered under (the app's, from its address). */
  filteredBy: string;
  byGender(type: string): string;
  share: string;
  unspecified: string;
  clearFilters: string;
  tooManyFilters(values: string, chars: string): string;
}

export const PAGE_WORDS: Record<Language, PageWords> = {
  fa: {
    feed: {
      title: (scope) => `مکان: چه تغییر کرد${scope ? ` (${scope})` : ''}`,
      version: (version) => `نسخه ${version}`,
      kinds: { added: 'افزوده', removed: 'حذف‌شده', moved: 'جابه‌جاشده', renamed: 'تغییر نام' },
      count: (count, kind) =>
        `${count} ${{ added: 'افزوده', removed: 'حذف‌شده', moved: 'جابه‌جاشده', renamed: 'با نام تازه' }[kind]}`,
      place: (name, type, province) => `${name} (${type}، ${province})`,
      more: (count) => `و ${count} مکان دیگر`,
      noSuchType: (route) => `نوع مکانی با نشانی «${route}» نیست.`,
      noSuchProvince: (code, first, last) => `استانی با کد «${code}» نیست؛ کد استان‌ها از ${first} تا ${last} است.`,
      separator: '، ',
    },
    ask: {
      understood: 'برداشت از پرسش',
      remove: (part) => `حذف «${part}»`,
      parts: {
        Route: 'نوع',
        Trade: 'رشته',
        Audience: 'برای',
        Place: 'مکان',
        NearMe: 'کجا',
        WithinKm: 'فاصله',
        Intent: 'خواسته',
      },
      audience: { women: 'بانوان (زنانه و مختلط)', men: 'آقایان (مردانه و مختلط)' },
      nearMe: 'نزدیک شما',
      province: (name) => `استان ${name}`,
      intent: { nearest: 'نزدیک‌ترین‌ها', list: 'فهرست', count: 'تعداد' },
      anyType: 'همه انواعی که آموزش می‌دهند',
      unused: (words) => `به کار نرفت: ${words}`,
      nearestFrom: (from) => `نزدیک‌ترین‌ها از ${from}`,
      within: (km) => `تا ${km} کیلومتر`,
      nearestWithin: (km, from) => `نزدیک‌ترین‌ها تا ${km} کیلومتری ${from}`,
      listIn: (count, shown) => `روی هم ${count}؛ ${shown} مورد نزدیک‌تر به مرکز آن:`,
      counted: (count, what, where) => `${count} ${what} ${where}.`,
      inProvince: (name) => `در استان ${name}`,
      around: (km, name) => `تا ${km} کیلومتری ${name}`,
      inCountry: 'در سراسر ایران',
      locations: 'محل',
      teaching: (trade) => `با رشته ${trade}`,
      admitting: (whom) => `پذیرای ${whom}`,
      whom: { women: 'بانوان', men: 'آقایان' },
      needsPosition: 'این صفحه بی‌اسکریپت مکان شما را نمی‌داند: نام شهری را در پرسش بیاورید.',
      nothing: 'چیزی با این پرسش جور نیست. بخشی را حذف کنید تا گسترده‌تر شود.',
      nothingWithin: (km) =>
        `تا ${km} کیلومتری چیزی با این پرسش جور نیست. فاصله را حذف کنید تا نزدیک‌ترین‌های دورتر را ببینید.`,
      trades: (names) => `رشته‌ها: ${names}`,
      source: 'از محل‌های مکان، آن‌طور که سازمان نگه می‌دارد؛ فاصله‌ها در خط مستقیم.',
    },
    map: 'نقشه',
    stats: 'آمار',
    types: 'نوع مکان‌ها',
    total: (count) => `تعداد کل: ${count}`,
    perCapita: (rate) => `${rate} به ازای هر ۱۰۰ هزار نفر`,
    province: 'استان',
    count: 'تعداد',
    rate: 'به ازای ۱۰۰ هزار نفر',
    census: 'جمعیت: سرشماری عمومی نفوس و مسکن ۱۳۹۵، مرکز آمار ایران.',
    listOf: (type, province) => `${type} در ${province}`,
    listCount: (count) => `${count} مکان`,
    page: (n, of) => `صفحه ${n} از ${of}`,
    previous: 'صفحه قبل',
    next: 'صفحه بعد',
    searchLabel: 'نام مکان، رشته آموزشی یا شهر',
    searchHint:
      'یک رشته (مثلاً خیاطی) جاهایی را که آن را آموزش می‌دهند نشان می‌دهد، نزدیک‌ترین به شهری که بنویسید اول؛ نام یک شهر، نزدیک‌ترین مکان‌ها را؛ نام یک مکان، مکان‌های هم‌نام را.',
    nearLabel: 'نزدیک شهر (اختیاری)',
    forLabel: 'برای',
    audiences: { any: 'همه', women: 'بانوان (زنانه و مختلط)', men: 'آقایان (مردانه و مختلط)' },
    tradeTaught: (trade, count) => `«${trade}» در ${count} مکان آموزش داده می‌شود.`,
    tradeNearest: (trade, town) => `آموزش ${trade}: نزدیک‌ترین‌ها به ${town}`,
    nameYourTown: 'برای دیدن نزدیک‌ترین‌ها، نام شهر خود را در «نزدیک شهر» بنویسید.',
    searchButton: 'جستجو',
    searchTitle: (query) => `جستجوی «${query}»`,
    nearestTo: (type, town) => `نزدیک‌ترین ${type} به ${town}`,
    namesMatching: (query) => `مکان‌هایی که نامشان «${query}» دارد`,
    nothingFound: (query) => `برای «${query}» چیزی یافت نشد.`,
    tooShort: 'دست‌کم دو حرف بنویسید.',
    tooLong: (max) => `جستجو حداکثر ${max} نویسه می‌پذیرد.`,
    km: (distance) => `${distance} کیلومتر`,
    phone: 'تلفن',
    fax: 'دورنگار',
    gender: 'جنسیت',
    legal: 'نوع شخصیت',
    yes: 'بله',
    no: 'خیر',
    openFile: 'دریافت فایل',
    openImage: 'دیدن تصویر',
    address: 'نشانی',
    directions: 'مسیریابی',
    directionApps: { geo: 'برنامه نقشه گوشی', neshan: 'نشان', balad: 'بلد', google: 'گوگل مپس', osm: 'اوپن‌استریت‌مپ' },
    notFound: 'این مکان یافت نشد؛ شاید داده‌ها به‌روز شده باشند.',
    noSuchPage: 'این نشانی نوع یا استانی را که در سامانه هست نام نمی‌برد.',
    badAddress:
      'این صفحه پرسش این نشانی را نمی‌تواند بخواند: پارامتری دو بار آمده، بیش از اندازه بلند است یا شکلش نادرست است.',
    scriptUnavailable:
      'نقشه تعاملی پس از این صفحه بار می‌شود؛ اگر بار نشد (اسکریپت بسته یا ناموفق)، در دسترس نیست و این صفحه بی آن هم کار می‌کند.',
    description: (type, total) =>
      `${total} مکان از «${type}» سازمان آموزش فنی و حرفه‌ای کشور، به تفکیک استان، روی نقشه ایران.`,
    locationDescription: (name, type, address) => `${name}، از «${type}»: ${address}. نشانی، تلفن و مسیر.`,
    mapCaption: (type) => `نقشه استان‌های ایران با شمار «${type}» در هر استان`,
    listSeparator: '، ',
    clauseSeparator: '؛ ',
    filteredBy: 'فقط مکان‌های با این ویژگی‌ها شمرده شده‌اند',
    byGender: (type) => `${type} به تفکیک جنسیت`,
    share: 'سهم',
    unspecified: 'نامشخص',
    clearFilters: 'همه مکان‌ها، بی فیلتر',
    tooManyFilters: (values, chars) => `هر فیلتر حداکثر ${values} مقدار می‌پذیرد و هر مقدار حداکثر ${chars} نویسه.`,
    highest: (name, count) => `بیشترین: ${name} با ${count}`,
    lowest: (name, count) => `کمترین: ${name} با ${count}`,
    none: (count, shown) => `${shown} استان هیچ مکانی ${count === 1 ? 'ندارد' : 'ندارند'}`,
  },
  en: {
    feed: {
      title: (scope) => `Makan: what changed${scope ? ` (${scope})` : ''}`,
      version: (version) => `Version ${version}`,
      kinds: { added: 'Added', removed: 'Removed', moved: 'Moved', renamed: 'Renamed' },
      count: (count, kind) => `${count} ${kind}`,
      place: (name, type, province) => `${name} (${type}, ${province})`,
      more: (count) => `and ${count} more`,
      noSuchType: (route) => `There is no location type at “${route}”.`,
      noSuchProvince: (code, first, last) =>
        `There is no province “${code}”: the provinces’ codes run from ${first} to ${last}.`,
      separator: ', ',
    },
    ask: {
      understood: 'Understood as',
      remove: (part) => `Remove “${part}”`,
      parts: {
        Route: 'Type',
        Trade: 'Trade',
        Audience: 'Who for',
        Place: 'Place',
        NearMe: 'Where',
        WithinKm: 'Distance',
        Intent: 'Asked for',
      },
      audience: { women: 'Women (women’s and mixed)', men: 'Men (men’s and mixed)' },
      nearMe: 'Near you',
      province: (name) => `${name} province`,
      intent: { nearest: 'The nearest', list: 'A list', count: 'How many' },
      anyType: 'Every type that teaches',
      unused: (words) => `Not used: ${words}`,
      nearestFrom: (from) => `Nearest from ${from}`,
      within: (km) => `Within ${km} km`,
      nearestWithin: (km, from) => `Nearest within ${km} km of ${from}`,
      listIn: (count, shown) => `${count} in all; the ${shown} nearest its centre:`,
      counted: (count, what, where) => `${count} ${what} ${where}.`,
      inProvince: (name) => `in ${name} province`,
      around: (km, name) => `within ${km} km of ${name}`,
      inCountry: 'in Iran',
      locations: 'locations',
      teaching: (trade) => `teaching ${trade}`,
      admitting: (whom) => `admitting ${whom}`,
      whom: { women: 'women', men: 'men' },
      needsPosition: 'This page without script does not know where you are: name a town in the question.',
      nothing: 'Nothing fits this question. Remove a part to widen it.',
      nothingWithin: (km) =>
        `Nothing fits this question within ${km} km. Remove the distance to see the nearest farther away.`,
      trades: (names) => `Teaches: ${names}`,
      source: 'From Makan’s locations, as the organisation keeps them; distances as the crow flies.',
    },
    map: 'Map',
    stats: 'Statistics',
    types: 'Location types',
    total: (count) => `Total: ${count}`,
    perCapita: (rate) => `${rate} per 100,000 people`,
    province: 'Province',
    count: 'Count',
    rate: 'Per 100,000 people',
    census: 'Population: the 2016 National Population and Housing Census, Statistical Centre of Iran.',
    listOf: (type, province) => `${type} in ${province}`,
    listCount: (count) => `${count} locations`,
    page: (n, of) => `Page ${n} of ${of}`,
    previous: 'Previous page',
    next: 'Next page',
    searchLabel: 'A location, a trade or a town',
    searchHint:
      'A trade (sewing, for instance) gives the places teaching it, nearest the town you name first; a town’s name, the nearest locations; a location’s name, those so named.',
    nearLabel: 'Near the town (optional)',
    forLabel: 'For',
    audiences: { any: 'Everyone', women: 'Women (women’s and mixed)', men: 'Men (men’s and mixed)' },
    tradeTaught: (trade, count) => `“${trade}” is taught at ${count} locations.`,
    tradeNearest: (trade, town) => `Learning ${trade}: the nearest to ${town}`,
    nameYourTown: 'To list the nearest, write your town in “Near the town”.',
    searchButton: 'Search',
    searchTitle: (query) => `Search for “${query}”`,
    nearestTo: (type, town) => `The nearest ${type} to ${town}`,
    namesMatching: (query) => `Locations whose name has “${query}”`,
    nothingFound: (query) => `Nothing found for “${query}”.`,
    tooShort: 'Type at least two letters.',
    tooLong: (max) => `A search takes at most ${max} characters.`,
    km: (distance) => `${distance} km`,
    phone: 'Phone',
    fax: 'Fax',
    gender: 'Gender',
    legal: 'Legal status',
    yes: 'Yes',
    no: 'No',
    openFile: 'Download the file',
    openImage: 'See the picture',
    address: 'Address',
    directions: 'Directions',
    directionApps: {
      geo: 'Phone’s map app',
      neshan: 'Neshan',
      balad: 'Balad',
      google: 'Google Maps',
      osm: 'OpenStreetMap',
    },
    notFound: 'This location was not found; the data may have been updated.',
    noSuchPage: 'This address names no type or province the system has.',
    badAddress:
      'This page cannot read the address’s query: a parameter is given twice, is too long or is not of its form.',
    scriptUnavailable:
      'The interactive map loads after this page; where it does not (scripts blocked or failed) it is unavailable, and this page works without it.',
    description: (type, total) =>
      `${total} locations of “${type}” of Iran’s Technical and Vocational Training Organization, per province, on the map of Iran.`,
    locationDescription: (name, type, address) => `${name}, of “${type}”: ${address}. Address, phone and directions.`,
    mapCaption: (type) => `Iran’s provinces with the number of “${type}” in each`,
    listSeparator: ', ',
    clauseSeparator: '; ',
    filteredBy: 'Only the locations with these are counted',
    byGender: (type) => `${type} by gender`,
    share: 'Share',
    unspecified: 'Not given',
    clearFilters: 'All locations, unfiltered',
    tooManyFilters: (values, chars) => `A filter takes at most ${values} values of at most ${chars} characters each.`,
    highest: (name, count) => `Highest: ${name} with ${count}`,
    lowest: (name, count) => `Lowest: ${name} with ${count}`,
    none: (count, shown) => (count === 1 ? `${shown} province has none` : `${shown} provinces have none`),
  },
};
