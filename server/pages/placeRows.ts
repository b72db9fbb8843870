/**
 * A listed location on the pages without script, as the app's lists show it: its name (opening its page), its
 * type where the list mixes types, its distance where it is measured, whom it admits and its phone to call.
 */
import { telLinks } from '../../domain/directions';
import { LANGUAGE_TABLE, type Language } from '../../domain/language';
import { pathOfRoute, typeById, type LocationType } from '../../domain/locationTypes';
import { valueNameIn } from '../../domain/valueNames';
import { inLanguage } from './document';
import { formatDecimal, href, html, inDigits, joinHtml, type Html } from './html';
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
  /** What it teaches, where the list says it (a question's answer). */
  trades?: readonly string[];
}

/** The phone as links to call, in the page's digits, kept left to right inside the page's own direction. */
export function phoneLinks(text: string, language: Language): Html {
  const links = telLinks(text);
  if (links.length === 0) return html`<bdi dir="ltr">${inDigits(text, language)}</bdi>`;
  return joinHtml(
    links.map((l) => html`<a href="${l.href}"><bdi dir="ltr">${inDigits(l.text, language)}</bdi></a>`),
    PAGE_WORDS[language].listSeparator,
  );
}

/** One row; `namesType`: the list mixes types, so each says its own. */
export function placeItem(row: PlaceRow, language: Language, namesType: boolean): Html | null {
  const words = PAGE_WORDS[language];
  const type = typeById(row.typeId);
  if (!type) return null;
  const facts: Html[] = [
    ...(namesType ? [html`${typeTitleIn(type, language)}`] : []),
    ...(row.km === null ? [] : [html`${words.km(formatDecimal(row.km, language, 1))}`]),
    ...(row.gender.trim() ? [html`<bdi>${valueNameIn(row.gender, LANGUAGE_TABLE[language].dataNames)}</bdi>`] : []),
    ...(row.phone.trim() ? [html`${words.phone}: ${phoneLinks(row.phone, language)}`] : []),
    ...(row.trades && row.trades.length > 0
      ? [
          html`<bdi>${words.ask.trades(
            row.trades.map((t) => valueNameIn(t, LANGUAGE_TABLE[language].dataNames)).join(words.listSeparator),
          )}</bdi>`,
        ]
      : []),
  ];
  const link = html`<a href="${inLanguage(locationPath(type, row.guid), language)}" dir="auto">${row.name}</a>`;
  return html`<li>${link}${facts.length > 0 && html` <span class="ssr-facts">— ${joinHtml(facts, ' · ')}</span>`}</li>`;
}
