/**
 * The plain search form on every server-rendered page: it works with no script at all (GET /search). It asks what
 * the app's search asks: a name, a trade or a town; the town to measure from; and for whom (an audience).
 */
import { AUDIENCES, audienceOf } from '../../domain/audiences';
import { LANGUAGE_PARAM, DEFAULT_LANGUAGE, type Language } from '../../domain/language';
import { NO_FILTERS, type Filters } from '../../domain/filters';
import type { LocationType } from '../../domain/locationTypes';
import { html, type Html } from './html';
import { ANYONE, AUDIENCE_PARAM, filterInputs } from './pageFilters';
import { PAGE_WORDS } from './pageWords';

/** What the form was asked: the text, and the town to measure from (empty: none named). */
export interface SearchAsked {
  text: string;
  near: string;
}

/** The form of a type's page; the page's filters go with a search from it. */
export function searchForm(
  language: Language,
  type: LocationType,
  asked: SearchAsked = { text: '', near: '' },
  filters: Filters = NO_FILTERS,
): Html {
  const words = PAGE_WORDS[language];
  const lang =
    language !== DEFAULT_LANGUAGE && html`<input type="hidden" name="${LANGUAGE_PARAM}" value="${language}">`;
  // The gender filter is asked as "for whom" when it is an audience; any other gender filter rides along hidden.
  const audience = filters.gender.length === 0 ? ANYONE : audienceOf(filters.gender);
  const options = [ANYONE, ...AUDIENCES.map((a) => a.key)]
    .map((key) => key as keyof typeof words.audiences)
    .map((key) => html`<option value="${key}"${key === audience && html` selected`}>${words.audiences[key]}</option>`);
  const forWhom =
    audience !== null && html`<label>${words.forLabel}<select name="${AUDIENCE_PARAM}">${options}</select></label>`;
  return html`<form class="ssr-search" method="get" action="/search" role="search"><label>${words.searchLabel}<input type="search" name="q" value="${asked.text}" minlength="2" maxlength="100" required></label><label>${words.nearLabel}<input type="text" name="near" value="${asked.near}" maxlength="100" autocomplete="address-level2"></label>${forWhom}<input type="hidden" name="type" value="${type.route}">${filterInputs(filters, audience === null ? [] : ['gender'])}${lang}<button type="submit">${words.searchButton}</button><p class="ssr-hint">${words.searchHint}</p></form>`;
}
