/**
 * The app's filters (domain/filters.ts) on the server's pages: read from the address as the app writes them
 * (`?gender=…&legal=…`), kept on every link and form that stays within the type, and said in words above what
 * they narrowed, with the way back to every location.
 */
import { valueNameIn } from '../../domain/valueNames';
import { AUDIENCES } from '../../domain/audiences';
import { FACET_KEYS, FILTER_LIMITS, filterEntries, filtersOf, isFiltered, type Filters } from '../../domain/filters';
import { LANGUAGE_TABLE, type Language } from '../../domain/language';
import { formatCount, html, joinHtml, type Html } from './html';
import { PAGE_WORDS } from './pageWords';

/** The search form's "for whom" choice: everyone, or an audience (domain/audiences.ts). */
export const AUDIENCE_PARAM = 'for';
export const ANYONE = 'any' as const;

/**
 * The address's filters, or null where they pass the API's limits (the page then refuses them, as the API does).
 * The form's audience, when chosen, stands for the gender filter: "women" is the women's and the mixed places.
 */
export function pageFiltersOf(query: URLSearchParams): Filters | null {
  for (const key of FACET_KEYS) {
    const values = query.getAll(key);
    if (values.length > FILTER_LIMITS.values || values.some((v) => v.length > FILTER_LIMITS.chars)) return null;
  }
  const filters = filtersOf(query);
  const chosen = query.get(AUDIENCE_PARAM);
  if (chosen === ANYONE) return { ...filters, gender: [] };
  const audience = AUDIENCES.find((a) => a.key === chosen);
  return audience ? { ...filters, gender: audience.genders } : filters;
}

/** A path with the filters added to its query, in their stable order. */
export function withFilters(path: string, filters: Filters): string {
  const entries = filterEntries(filters);
  if (entries.length === 0) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${new URLSearchParams(entries).toString()}`;
}

/** The filters as a form's hidden fields: a search from a filtered page keeps them (but those it asks itself). */
export const filterInputs = (filters: Filters, except: readonly string[] = []): Html[] =>
  filterEntries(filters)
    .filter(([key]) => !except.includes(key))
    .map(([key, value]) => html`<input type="hidden" name="${key}" value="${value}">`);

/** What the page is narrowed to, with a link to the same page unfiltered; nothing when it is not. */
export function filterNote(language: Language, filters: Filters, unfiltered: string): Html | null {
  if (!isFiltered(filters)) return null;
  const words = PAGE_WORDS[language];
  const names = LANGUAGE_TABLE[language].facetNames;
  const said = FACET_KEYS.filter((key) => filters[key].length > 0).map(
    (key) =>
      html`${names[key]}: <bdi>${filters[key]
        // The data's values as the page's language names them (an English page says "Women's", not زنانه).
        .map((value) => valueNameIn(value, LANGUAGE_TABLE[language].dataNames))
        .join(words.listSeparator)}</bdi>`,
  );
  return html`<p class="ssr-filters" id="ssr-filters">${words.filteredBy} (${joinHtml(said, words.clauseSeparator)}). <a href="${unfiltered}">${words.clearFilters}</a></p>`;
}

/** The refusal of filters past the limits, in the page's words. */
export const tooManyFilters = (language: Language): string =>
  PAGE_WORDS[language].tooManyFilters(
    formatCount(FILTER_LIMITS.values, language),
    formatCount(FILTER_LIMITS.chars, language),
  );
