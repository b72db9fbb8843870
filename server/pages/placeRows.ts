/**
 * A listed location on the pages without script, as the app's lists show it: its name (opening its page), its
 * type where the list mixes types, its distance where it is measured, whom it admits and its phone to call.
 */
import { telLinks } from '../../domain/directions';
import { LANGUAGE_TABLE, type Language } from '../../domain/language';
import { pathOfRoute, typeById, type LocationType } from '../../domain/locationTypes';
import { valueNameIn } from '../../domain/valueNames';
import { inLanguage } from './document';
import { esc, formatDecimal, href, inDigits } from './html';
import { PAGE_WORDS } from './pageWords';
import { typeTitleIn } from './typePage';

/** A location's page: the type's route with the location open (the address the app opens as its dialog). */
export const locationPath = (type: LocationType, guid: string) => href(pathOfRoute(type.route), { loc: guid });

export interface PlaceRow {
  guid: string;
  name: string;
  typeId: string;
  /** Its distance from where the list is measured; null in a list that measures none. */
  km: number | null;
  gender: string;
  phone: string;
}

/** The phone as links to call, in the page's digits, kept left to right inside the page's own direction. */
export function phoneLinks(text: string, language: Language): string {
  const links = telLinks(text);
  if (links.length === 0) return `<bdi dir="ltr">${esc(inDigits(text, language))}</bdi>`;
  return links
    .map((l) => `<a href="${esc(l.href)}"><bdi dir="ltr">${esc(inDigits(l.text, language))}</bdi></a>`)
    .join(language === 'fa' ? '، ' : ', ');
}

/** One row; `namesType`: the list mixes types, so each says its own. */
export function placeItem(row: PlaceRow, language: Language, namesType: boolean): string {
  const words = PAGE_WORDS[language];
  const type = typeById(row.typeId);
  if (!type) return '';
  const facts = [
    ...(namesType ? [esc(typeTitleIn(type, language))] : []),
    ...(row.km === null ? [] : [esc(words.km(formatDecimal(row.km, language, 1)))]),
    ...(row.gender.trim() ? [esc(valueNameIn(row.gender, LANGUAGE_TABLE[language].dataNames))] : []),
    ...(row.phone.trim() ? [`${esc(words.phone)}: ${phoneLinks(row.phone, language)}`] : []),
  ];
  const link = `<a href="${esc(inLanguage(locationPath(type, row.guid), language))}" dir="auto">${esc(row.name)}</a>`;
  return `<li>${link}${facts.length ? ` <span class="ssr-facts">— ${facts.join(' · ')}</span>` : ''}</li>`;
}
