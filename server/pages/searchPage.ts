/**
 * The search form's answer, with no script, as the app answers it: a trade gives where it is taught (nearest the
 * town named first), a town's name gives the nearest locations of the page's type with their distances, a name
 * gives the locations whose name has it; each row says whom the place admits and its phone, and opens its page.
 * A question in everyday words («آموزشگاه خیاطی برای خانم‌ها در بجنورد») is answered first (askSection.ts).
 */
import type { Filters } from '../../domain/filters';
import { inDataNames, LANGUAGE_TABLE, type Language } from '../../domain/language';
import { valueNameIn } from '../../domain/valueNames';
import { pathOfRoute, typeById, type LocationType } from '../../domain/locationTypes';
import type { Place } from '../../domain/wire/answers';
import type { SearchRow } from '../store/LocationStore';
import type { PageParts } from './document';
import { inLanguage } from './document';
import { formatCount, href, html, joinHtml, type Html } from './html';
import { locationPath } from './placeRows';
import { filterNote, withFilters } from './pageFilters';
import { PAGE_WORDS } from './pageWords';
import { placeItem, type PlaceRow } from './placeRows';
import { searchForm, type SearchAsked } from './searchForm';
import { typeTitleIn } from './typePage';
import { askSection, type AskedQuestion } from './askSection';

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
  question: AskedQuestion | null = null,
): PageParts {
  const words = PAGE_WORDS[language];
  const typeTitle = typeTitleIn(type, language);
  const query = asked.text;
  const address = href('/search', { q: query, near: asked.near, type: type.route });
  const parts: (Html | null)[] = [
    html`<nav class="ssr-tabs"><a href="${inLanguage(withFilters(pathOfRoute(type.route), filters), language)}">${typeTitle}</a></nav>`,
    searchForm(language, type, asked, filters),
    html`<h1>${words.searchTitle(query)}</h1>`,
    filterNote(language, filters, inLanguage(address, language)),
  ];
  if ('refused' in found) parts.push(html`<p class="ssr-note" role="alert">${found.refused}</p>`);
  else {
    // A question in everyday words: its answer first; what the words find as names follows.
    if (question) parts.push(askSection(language, type, query, question));
    const town = found.town
      ? inDataNames(language, { fa: found.town.Name, en: found.town.NameEn ?? found.town.Name })
      : null;
    if (found.trade) {
      const { count, types } = found.trade;
      const name = valueNameIn(found.trade.name, LANGUAGE_TABLE[language].dataNames);
      parts.push(
        html`<h2 dir="auto">${town ? words.tradeNearest(name, town) : words.tradeTaught(name, formatCount(count, language))}</h2>`,
      );
      if (town) {
        const items = found.taught.map((row) => placeItem(row, language, types.length > 1));
        parts.push(
          html`<p>${words.tradeTaught(name, formatCount(count, language))}</p><ol id="ssr-trade-nearest">${items}</ol>`,
        );
      } else parts.push(html`<p class="ssr-note" id="ssr-name-town">${words.nameYourTown}</p>`);
    }
    if (town && found.nearest.length > 0) {
      const items = found.nearest.map((row) => placeItem(row, language, false));
      parts.push(html`<h2>${words.nearestTo(typeTitle, town)}</h2><ol id="ssr-nearest">${items}</ol>`);
    }
    if (found.names.length > 0) {
      const items = found.names.map((r) => {
        const of = typeById(r.typeId);
        return (
          of &&
          html`<li><a href="${inLanguage(locationPath(of, r.guid), language)}" dir="auto">${r.name}</a> — ${typeTitleIn(of, language)}</li>`
        );
      });
      parts.push(html`<h2>${words.namesMatching(query)}</h2><ul id="ssr-names">${items}</ul>`);
    }
    if (!question && !found.trade && !found.town && found.names.length === 0)
      parts.push(html`<p role="status">${words.nothingFound(query)}</p>`);
  }
  return {
    language,
    title: words.searchTitle(query),
    description: words.searchTitle(query),
    path: withFilters(address, filters),
    main: joinHtml(parts),
    app: false,
  };
}
