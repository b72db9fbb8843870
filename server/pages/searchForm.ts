/** The plain search form on every server-rendered page: it works with no script at all (GET /search). */
import { LANGUAGE_PARAM, DEFAULT_LANGUAGE, type Language } from '../../domain/language';
import { NO_FILTERS, type Filters } from '../../domain/filters';
import type { LocationType } from '../../domain/locationTypes';
import { esc } from './html';
import { filterInputs } from './pageFilters';
import { PAGE_WORDS } from './pageWords';

/** The form of a type's page; the page's filters go with a search from it. */
export function searchForm(language: Language, type: LocationType, query = '', filters: Filters = NO_FILTERS): string {
  const words = PAGE_WORDS[language];
  const lang =
    language === DEFAULT_LANGUAGE ? '' : `<input type="hidden" name="${LANGUAGE_PARAM}" value="${language}">`;
  return `<form class="ssr-search" method="get" action="/search" role="search"><label>${esc(words.searchLabel)}<input type="search" name="q" value="${esc(query)}" minlength="2" maxlength="100" required></label><input type="hidden" name="type" value="${esc(type.route)}">${filterInputs(filters)}${lang}<button type="submit">${esc(words.searchButton)}</button><p class="ssr-hint">${esc(words.searchHint)}</p></form>`;
}
