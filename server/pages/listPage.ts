/** A province's list of a type's locations, in the reader's order, a hundred to a page, each opening its page. */
import type { Filters } from '../../domain/filters';
import type { Language } from '../../domain/language';
import { pathOfRoute, type LocationType } from '../../domain/locationTypes';
import type { ProvinceRef } from '../../domain/provinces';
import type { PageParts } from './document';
import { inLanguage } from './document';
import { formatCount, html, joinHtml } from './html';
import { filterNote, withFilters } from './pageFilters';
import { PAGE_WORDS } from './pageWords';
import { placeItem } from './placeRows';
import { searchForm } from './searchForm';
import { listPath, provinceNameIn, typeTitleIn } from './typePage';

export const LIST_PAGE_SIZE = 100;

export interface Listed {
  guid: string;
  name: string;
  /** Whom it admits: a list says it beside each name. */
  gender: string;
}

/** The page of the list that is shown: the one asked for, within the pages there are. */
export const listPageAt = (page: number, count: number) =>
  Math.min(Math.max(1, page), Math.max(1, Math.ceil(count / LIST_PAGE_SIZE)));

export const pageOfList = <T>(all: readonly T[], at: number) =>
  all.slice((at - 1) * LIST_PAGE_SIZE, at * LIST_PAGE_SIZE);

export function listPage(
  language: Language,
  type: LocationType,
  province: ProvinceRef,
  all: readonly Listed[],
  page: number,
  filters: Filters,
  /** The shown locations' phones, by Guid. */
  phones: ReadonlyMap<string, string>,
): PageParts {
  const words = PAGE_WORDS[language];
  const pages = Math.max(1, Math.ceil(all.length / LIST_PAGE_SIZE));
  const at = listPageAt(page, all.length);
  const shown = pageOfList(all, at);
  const title = words.listOf(typeTitleIn(type, language), provinceNameIn(province, language));
  const path = withFilters(listPath(type, province.name_en), filters);
  const pageLink = (n: number, word: string, rel: string) =>
    html`<a rel="${rel}" href="${inLanguage(n === 1 ? path : `${path}&page=${n}`, language)}">${word}</a>`;
  const nav =
    pages > 1 &&
    html`<nav class="ssr-pages"><p>${words.page(formatCount(at, language), formatCount(pages, language))}</p>${at > 1 && pageLink(at - 1, words.previous, 'prev')} ${at < pages && pageLink(at + 1, words.next, 'next')}</nav>`;
  const items = shown.map((l) =>
    placeItem({ ...l, typeId: type.typeId, km: null, phone: phones.get(l.guid) ?? '' }, language, false),
  );
  return {
    language,
    title,
    description: `${title}: ${words.listCount(formatCount(all.length, language))}`,
    path: at === 1 ? path : `${path}&page=${at}`,
    main: joinHtml([
      html`<nav class="ssr-tabs"><a href="${inLanguage(withFilters(pathOfRoute(type.route), filters), language)}">${typeTitleIn(type, language)}</a></nav>`,
      searchForm(language, type, undefined, filters),
      html`<h1>${title}</h1>`,
      filterNote(language, filters, inLanguage(listPath(type, province.name_en), language)),
      html`<p id="ssr-list-count">${words.listCount(formatCount(all.length, language))}</p>`,
      html`<ol start="${(at - 1) * LIST_PAGE_SIZE + 1}" id="ssr-list">${items}</ol>`,
      nav,
    ]),
    app: false,
  };
}
