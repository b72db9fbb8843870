/**
 * The search form's answer, with no script: a town's name gives the nearest locations of the page's type
 * with their distances, a name gives the locations whose name has it; each opens its page.
 */
import type { Filters } from '../../domain/filters';
import type { Language } from '../../domain/language';
import { pathOfRoute, typeById, type LocationType } from '../../domain/locationTypes';
import type { Place } from '../../domain/wire/answers';
import type { NearRow } from '../geo/nearest';
import type { SearchRow } from '../store/LocationStore';
import type { PageParts } from './document';
import { inLanguage } from './document';
import { esc, formatDecimal, href } from './html';
import { locationPath } from './listPage';
import { filterNote, withFilters } from './pageFilters';
import { PAGE_WORDS } from './pageWords';
import { searchForm } from './searchForm';
import { typeTitleIn } from './typePage';

export interface SearchFound {
  /** The town the text names, and the type's nearest locations to it. */
  town: Place | null;
  nearest: readonly NearRow[];
  /** Locations whose name has the text (of every type, the page's first). */
  names: readonly SearchRow[];
}

/** What was found, or why the text was refused. */
export function searchPage(
  language: Language,
  type: LocationType,
  query: string,
  found: SearchFound | { refused: string },
  filters: Filters,
): PageParts {
  const words = PAGE_WORDS[language];
  const typeTitle = typeTitleIn(type, language);
  const link = (t: LocationType, guid: string, name: string) =>
    `<a href="${esc(inLanguage(locationPath(t, guid), language))}" dir="auto">${esc(name)}</a>`;
  const parts = [
    `<nav class="ssr-tabs"><a href="${esc(inLanguage(withFilters(pathOfRoute(type.route), filters), language))}">${esc(typeTitle)}</a></nav>`,
    searchForm(language, type, query, filters),
    `<h1>${esc(words.searchTitle(query))}</h1>`,
    filterNote(language, filters, inLanguage(href('/search', { q: query, type: type.route }), language)),
  ];
  if ('refused' in found) parts.push(`<p class="ssr-note" role="alert">${esc(found.refused)}</p>`);
  else {
    if (found.town) {
      const town = language === 'fa' ? found.town.Name : (found.town.NameEn ?? found.town.Name);
      const items = found.nearest
        .map(
          (r) => `<li>${link(type, r.guid, r.name)} — ${esc(words.km(formatDecimal(r.distanceKm, language, 1)))}</li>`,
        )
        .join('');
      parts.push(`<h2>${esc(words.nearestTo(typeTitle, town))}</h2><ol id="ssr-nearest">${items}</ol>`);
    }
    if (found.names.length > 0) {
      const items = found.names
        .map((r) => {
          const of = typeById(r.typeId);
          return of ? `<li>${link(of, r.guid, r.name)} — ${esc(typeTitleIn(of, language))}</li>` : '';
        })
        .join('');
      parts.push(`<h2>${esc(words.namesMatching(query))}</h2><ul id="ssr-names">${items}</ul>`);
    }
    if (!found.town && found.names.length === 0) parts.push(`<p role="status">${esc(words.nothingFound(query))}</p>`);
  }
  return {
    language,
    title: words.searchTitle(query),
    description: words.searchTitle(query),
    path: withFilters(href('/search', { q: query, type: type.route }), filters),
    main: parts.join(''),
    app: false,
  };
}
