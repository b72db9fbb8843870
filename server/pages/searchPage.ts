/**
 * The search form's answer, with no script, as the app answers it: a trade gives where it is taught (nearest the
 * town named first), a town's name gives the nearest locations of the page's type with their distances, a name
 * gives the locations whose name has it; each row says whom the place admits and its phone, and opens its page.
 */
import type { Filters } from '../../domain/filters';
import { LANGUAGE_TABLE, type Language } from '../../domain/language';
import { valueNameIn } from '../../domain/valueNames';
import { pathOfRoute, typeById, type LocationType } from '../../domain/locationTypes';
import type { Place } from '../../domain/wire/answers';
import type { SearchRow } from '../store/LocationStore';
import type { PageParts } from './document';
import { inLanguage } from './document';
import { esc, formatCount, href } from './html';
import { locationPath } from './placeRows';
import { filterNote, withFilters } from './pageFilters';
import { PAGE_WORDS } from './pageWords';
import { placeItem, type PlaceRow } from './placeRows';
import { searchForm, type SearchAsked } from './searchForm';
import { typeTitleIn } from './typePage';

export interface SearchFound {
  /** The town named (in "near", or as the text), from which the nearest are measured. */
  town: Place | null;
  /** The page's type's nearest to the town. */
  nearest: readonly PlaceRow[];
  /** The trade the text names, how many places teach it and of which types. */
  trade: { name: string; count: number; types: readonly string[] } | null;
  /** The places teaching the trade, nearest the town first. */
  taught: readonly PlaceRow[];
  /** Locations whose name has the text (of every type, the page's first). */
  names: readonly SearchRow[];
}

/** What was found, or why the text was refused. */
export function searchPage(
  language: Language,
  type: LocationType,
  asked: SearchAsked,
  found: SearchFound | { refused: string },
  filters: Filters,
): PageParts {
  const words = PAGE_WORDS[language];
  const typeTitle = typeTitleIn(type, language);
  const query = asked.text;
  const address = href('/search', { q: query, near: asked.near, type: type.route });
  const parts = [
    `<nav class="ssr-tabs"><a href="${esc(inLanguage(withFilters(pathOfRoute(type.route), filters), language))}">${esc(typeTitle)}</a></nav>`,
    searchForm(language, type, asked, filters),
    `<h1>${esc(words.searchTitle(query))}</h1>`,
    filterNote(language, filters, inLanguage(address, language)),
  ];
  if ('refused' in found) parts.push(`<p class="ssr-note" role="alert">${esc(found.refused)}</p>`);
  else {
    const town = found.town ? (language === 'fa' ? found.town.Name : (found.town.NameEn ?? found.town.Name)) : null;
    if (found.trade) {
      const { count, types } = found.trade;
      const name = valueNameIn(found.trade.name, LANGUAGE_TABLE[language].dataNames);
      parts.push(
        `<h2 dir="auto">${esc(town ? words.tradeNearest(name, town) : words.tradeTaught(name, formatCount(count, language)))}</h2>`,
      );
      if (town) {
        const items = found.taught.map((row) => placeItem(row, language, types.length > 1)).join('');
        parts.push(
          `<p>${esc(words.tradeTaught(name, formatCount(count, language)))}</p><ol id="ssr-trade-nearest">${items}</ol>`,
        );
      } else parts.push(`<p class="ssr-note" id="ssr-name-town">${esc(words.nameYourTown)}</p>`);
    }
    if (town && found.nearest.length > 0) {
      const items = found.nearest.map((row) => placeItem(row, language, false)).join('');
      parts.push(`<h2>${esc(words.nearestTo(typeTitle, town))}</h2><ol id="ssr-nearest">${items}</ol>`);
    }
    if (found.names.length > 0) {
      const items = found.names
        .map((r) => {
          const of = typeById(r.typeId);
          const link = of
            ? `<a href="${esc(inLanguage(locationPath(of, r.guid), language))}" dir="auto">${esc(r.name)}</a>`
            : '';
          return of ? `<li>${link} — ${esc(typeTitleIn(of, language))}</li>` : '';
        })
        .join('');
      parts.push(`<h2>${esc(words.namesMatching(query))}</h2><ul id="ssr-names">${items}</ul>`);
    }
    if (!found.trade && !found.town && found.names.length === 0)
      parts.push(`<p role="status">${esc(words.nothingFound(query))}</p>`);
  }
  return {
    language,
    title: words.searchTitle(query),
    description: words.searchTitle(query),
    path: withFilters(address, filters),
    main: parts.join(''),
    app: false,
  };
}
