/**
 * The languages Makan speaks, one entry each (the rules that read the table are in language.ts). A language joins
 * with one entry here and its words: the app's in src/i18n/ (WORDS) and the server pages' (PAGE_WORDS). A test
 * adds a pseudo-language to this table alone and finds it offered everywhere (tests/api/pseudoLanguage.test.ts).
 */
import type { FacetKey } from './filters';
export interface LanguageEntry {
  /** The language's own name for itself, on the switch that leads to it. */
  readonly ownName: string;
  /** What that switch does, said in this language (its accessible name): a reader of it finds the way in. */
  readonly switchLabel: string;
  readonly direction: 'rtl' | 'ltr';
  /** The BCP 47 locale numbers and dates are written in (its digits come with it: ۱۲۳ for fa-IR, 123 for en-US). */
  readonly locale: string;
  /** A day as this language's readers date it: the Jalali day alone, or the Gregorian day with the Jalali beside it. */
  readonly calendar: 'jalali' | 'gregorian-and-jalali';
  /**
   * Which of the data's two name sets its names are shown from: the gateway and the reference data name
   * places, provinces and types in Persian and in English (Latin letters) only.
   */
  readonly dataNames: 'fa' | 'en';
  /** Its web app manifest (an installed Makan's name, direction and start page), at the site's root. */
  readonly manifestFile: string;
  /** The short name an installed app is called by. */
  readonly appShortName: string;
  /** The filters' names (domain/filters.ts), as the app's filter dialog and the server's pages both say them. */
  readonly facetNames: Readonly<Record<FacetKey, string>>;
  /**
   * The words the page shell paints before any script (the server writes each language's shell with them). The
   * toolbar's are the app's own (its toolbar reads them here), so nothing changes when the script takes over.
   */
  readonly shell: {
    readonly title: string;
    readonly description: string;
    /** The toolbar's title; below 599 px the short one. */
    readonly heading: string;
    readonly headingShort: string;
    readonly subtitle: string;
    readonly loading: string;
    readonly noScript: string;
    /** Said by the service worker, with no network, for a page only the server makes (a list, a search). */
    readonly offline: string;
    /** The link from there back to the map, which works offline. */
    readonly toMap: string;
  };
}

export const LANGUAGE_TABLE = {
  fa: {
    ownName: 'فارسی',
    switchLabel: 'نمایش این صفحه به فارسی',
    direction: 'rtl',
    locale: 'fa-IR',
    calendar: 'jalali',
    dataNames: 'fa',
    manifestFile: 'manifest.webmanifest',
    appShortName: 'مکان',
    facetNames: { gender: 'جنسیت', legal: 'وضعیت حقوقی', supervisor: 'زیر نظر' },
    shell: {
      title: 'سامانه داده‌های مکانی - سازمان آموزش فنی و حرفه‌ای',
      description: 'نقشه و آمار مکان‌های آموزشی سازمان آموزش فنی و حرفه‌ای کشور',
      heading: 'سامانه جامع آموزش مهارتی سازمان آموزش فنی و حرفه‌ای کشور',
      headingShort: 'سامانه آموزش مهارتی فنی و حرفه‌ای',
      subtitle: 'زیرسامانه داده‌های مکانی',
      loading: 'در حال بارگذاری نقشه و آمار…',
      noScript: 'برای دیدن نقشه، اجرای جاوااسکریپت را در مرورگر روشن کنید.',
      offline:
        'اینترنت در دسترس نیست. این صفحه را کارگزار می‌سازد و بی‌اینترنت باز نمی‌شود؛ نقشه و آماری که پیش‌تر دیده‌اید باز می‌شوند.',
      toMap: 'رفتن به نقشه',
    },
  },
  en: {
    ownName: 'English',
    switchLabel: 'Show this page in English',
    direction: 'ltr',
    locale: 'en-US',
    calendar: 'gregorian-and-jalali',
    dataNames: 'en',
    manifestFile: 'manifest-en.webmanifest',
    appShortName: 'Makan',
    facetNames: { gender: 'Gender', legal: 'Legal status', supervisor: 'Supervised by' },
    shell: {
      title: 'Locations data system - Technical and Vocational Training Organization',
      description:
        'Map and statistics of the training locations of the Technical and Vocational Training Organization of Iran',
      heading: 'Skills Training System of the Technical and Vocational Training Organization of Iran',
      headingShort: 'TVTO Skills Training System',
      subtitle: 'Locations data',
      loading: 'Loading the map and statistics…',
      noScript: 'Turn on JavaScript in the browser to see the map.',
      offline:
        'You are offline. This page is made by the server and needs the network; the map and the statistics you have seen before still open.',
      toMap: 'Go to the map',
    },
  },
} as const satisfies Record<string, LanguageEntry>;
