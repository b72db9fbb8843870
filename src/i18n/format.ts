/**
 * Numbers and dates as the page's language writes them: one digit system a page. Persian pages use Persian
 * digits with the comma-like ٬ between thousands, and the Jalali calendar; English pages Latin digits with a
 * comma, and the Gregorian date with the Jalali beside it. Files (CSV, GeoJSON) never use these: they keep
 * ASCII digits and ISO dates for the programs that read them.
 */
import { PAGE_LANGUAGE } from './language';
import { t } from './words';

const LOCALE = PAGE_LANGUAGE.locale;
const COUNT = new Intl.NumberFormat(LOCALE);
const decimals = new Map<number, Intl.NumberFormat>();
const PERCENT = new Intl.NumberFormat(LOCALE, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
const KM = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 1 });

/** A whole number, thousands separated. */
export function formatCount(value: number): string {
  return COUNT.format(value);
}

/** A number with exactly `digits` decimals. */
export function formatDecimal(value: number, digits: number): string {
  let format = decimals.get(digits);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: digits, maximumFractionDigits: digits });
    decimals.set(digits, format);
  }
  return format.format(value);
}

/** `part` of `whole` as a percentage with one decimal ("75.0%", "۷۵٫۰٪"); nothing of nothing is 0. */
export function formatShare(part: number, whole: number): string {
  return PERCENT.format(whole === 0 ? 0 : part / whole);
}

/** The page's locale's ten digits, in order. */
const DIGITS = Array.from({ length: 10 }, (_, d) => new Intl.NumberFormat(LOCALE, { useGrouping: false }).format(d));

/** Text of the data (a phone number, say) with its ASCII digits in the page's digits; nothing else changed. */
export function inPageDigits(text: string): string {
  return text.replace(/[0-9]/g, (d) => DIGITS[Number(d)]!);
}

/** A place's number in a list (and on its pin). */
export function formatRank(rank: number): string {
  return COUNT.format(rank);
}

/** A distance in kilometres, with one decimal below 10 km and none above. */
export function formatKm(km: number): string {
  return KM.format(km < 10 ? km : Math.round(km));
}

const TEHRAN = { timeZone: 'Asia/Tehran' } as const;
const JALALI_DAY = new Intl.DateTimeFormat(`${LOCALE}-u-ca-persian`, { dateStyle: 'long', ...TEHRAN });
const JALALI_MOMENT = new Intl.DateTimeFormat(`${LOCALE}-u-ca-persian`, {
  dateStyle: 'long',
  timeStyle: 'short',
  ...TEHRAN,
});
const GREGORIAN_DAY = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', ...TEHRAN });
const GREGORIAN_MOMENT = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', ...TEHRAN });

function timeOf(iso: string | null): number | null {
  const time = iso === null ? NaN : Date.parse(iso);
  return Number.isFinite(time) && time > 0 ? time : null;
}

/** A day: "۲ آذر ۱۴۰۵" in Persian, "23 November 2026 (Azar 2, 1405 AP)" in English; null for a missing or unreadable date. */
export function formatDay(iso: string | null): string | null {
  const time = timeOf(iso);
  if (time === null) return null;
  return PAGE_LANGUAGE.calendar === 'jalali'
    ? JALALI_DAY.format(time)
    : `${GREGORIAN_DAY.format(time)} (${JALALI_DAY.format(time)})`;
}

/** "Data last updated on ..." with the day and the time; null for a missing or unreadable date. */
export function updatedOn(iso: string | null): string | null {
  const time = timeOf(iso);
  if (time === null) return null;
  return t.dataUpdated(
    PAGE_LANGUAGE.calendar === 'jalali'
      ? JALALI_MOMENT.format(time)
      : `${GREGORIAN_MOMENT.format(time)} (${JALALI_DAY.format(time)})`,
  );
}

/** A day and a time of day (Tehran), in the page's calendar; null for a missing or unreadable date. */
export function formatMoment(iso: string | null): string | null {
  const time = timeOf(iso);
  if (time === null) return null;
  return PAGE_LANGUAGE.calendar === 'jalali' ? JALALI_MOMENT.format(time) : GREGORIAN_MOMENT.format(time);
}
