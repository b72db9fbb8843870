/**
 * A type's page as the server renders it (every route, either tab): the tabs, the search form, the type's
 * title, its total and rate, the map of the provinces with their counts, and the table per province (count and
 * per 100,000 people), each province linking to its list; the other types below.
 */
import type { Filters } from '../../domain/filters';
import { inDataNames, LANGUAGE_TABLE, type Language } from '../../domain/language';
import { valueNameIn } from '../../domain/valueNames';
import { DISTINCT_TYPES, pathOfRoute, type LocationType } from '../../domain/locationTypes';
import { CENSUS_TOTAL, populationOf, ratePer100k } from '../../domain/population';
import { PROVINCES } from '../../domain/provinces';
import type { PageParts } from './document';
import { inLanguage } from './document';
import { formatCount, formatDecimal, formatShare, href, html, joinHtml, type Html } from './html';
import { filterNote, withFilters } from './pageFilters';
import { PAGE_WORDS } from './pageWords';
import { provinceMapSvg } from './provinceMapSvg';
import { searchForm } from './searchForm';

export type PageTab = 'map' | 'stats';

export const typeTitleIn = (type: LocationType, language: Language) =>
  inDataNames(language, { fa: type.titleFa, en: type.titleEn });

export const provinceNameIn = (province: { name_fa: string; name_en: string }, language: Language) =>
  inDataNames(language, { fa: province.name_fa, en: province.name_en });

/** The address of a province's list of a type's locations. */
export const listPath = (type: LocationType, provinceEn: string) =>
  href('/list', { type: type.route, province: provinceEn });

/** The pie's figures as a table: each gender value, its count and share of the type's total. */
function genderTable(language: Language, title: string, genders: ReadonlyMap<string, number>): Html {
  const words = PAGE_WORDS[language];
  const total = [...genders.values()].reduce((sum, n) => sum + n, 0);
  const rows = [...genders]
    .sort((a, b) => b[1] - a[1])
    .map(([value, count]) => {
      const name = value.trim() === '' ? words.unspecified : valueNameIn(value, LANGUAGE_TABLE[language].dataNames);
      const share = total === 0 ? 0 : count / total;
      return html`<tr><th scope="row">${name}</th><td class="n">${formatCount(count, language)}</td><td class="n">${formatShare(share, language)}</td></tr>`;
    });
  const caption = words.byGender(title);
  return html`<h2>${caption}</h2><table id="ssr-gender"><caption class="visually-hidden">${caption}</caption><thead><tr><th scope="col">${words.gender}</th><th scope="col">${words.count}</th><th scope="col">${words.share}</th></tr></thead><tbody>${rows}</tbody></table>`;
}

export function typePage(
  language: Language,
  type: LocationType,
  tab: PageTab,
  counts: ReadonlyMap<string, number>,
  filters: Filters,
  /** The statistics tab's counts by gender (its pie), in the whole country. */
  genders: ReadonlyMap<string, number> | null = null,
): PageParts {
  const words = PAGE_WORDS[language];
  const title = typeTitleIn(type, language);
  const path = pathOfRoute(type.route);
  const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
  const tabPath = (to: PageTab) => (to === 'map' ? path : `${path}?tab=stats`);
  const tabLink = (to: PageTab, word: string) =>
    html`<a href="${inLanguage(withFilters(tabPath(to), filters), language)}"${to === tab && html` aria-current="page"`}>${word}</a>`;
  const rows = [...PROVINCES]
    .sort((a, b) => (counts.get(b.iso_3166_2) ?? 0) - (counts.get(a.iso_3166_2) ?? 0))
    .map((p) => {
      const count = counts.get(p.iso_3166_2) ?? 0;
      const rate = ratePer100k(count, populationOf(p.iso_3166_2) ?? 0);
      return html`<tr><th scope="row"><a href="${inLanguage(withFilters(listPath(type, p.name_en), filters), language)}">${provinceNameIn(p, language)}</a></th><td class="n">${formatCount(count, language)}</td><td class="n">${formatDecimal(rate, language)}</td></tr>`;
    });
  // The statistics' sentence: the province with the most, the one with the fewest (of those with any), and how many have none.
  const ranked = [...PROVINCES].sort((a, b) => (counts.get(b.iso_3166_2) ?? 0) - (counts.get(a.iso_3166_2) ?? 0));
  const some = ranked.filter((p) => (counts.get(p.iso_3166_2) ?? 0) > 0);
  const countOf = (p: (typeof PROVINCES)[number]) => formatCount(counts.get(p.iso_3166_2) ?? 0, language);
  const sentence =
    some.length === 0
      ? null
      : html`<p id="ssr-sentence">${[
          words.highest(provinceNameIn(some[0]!, language), countOf(some[0]!)),
          words.lowest(provinceNameIn(some.at(-1)!, language), countOf(some.at(-1)!)),
          ...(some.length < PROVINCES.length
            ? [words.none(PROVINCES.length - some.length, formatCount(PROVINCES.length - some.length, language))]
            : []),
        ].join(words.clauseSeparator)}.</p>`;
  // Each type once: the site's root shows the main offices, which have their own address in the list.
  const types = DISTINCT_TYPES.map(
    (t) =>
      html`<li><a href="${inLanguage(pathOfRoute(t.route), language)}"${t.typeId === type.typeId && html` aria-current="page"`}>${typeTitleIn(t, language)}</a></li>`,
  );
  const main = joinHtml([
    html`<nav class="ssr-tabs">${tabLink('map', words.map)}${type.statsEnabled && tabLink('stats', words.stats)}</nav>`,
    searchForm(language, type, undefined, filters),
    html`<h1>${title}</h1>`,
    filterNote(language, filters, inLanguage(tabPath(tab), language)),
    html`<p class="ssr-total" id="ssr-total" elementtiming="counts">${words.total(formatCount(total, language))} — ${words.perCapita(formatDecimal(ratePer100k(total, CENSUS_TOTAL), language))}</p>`,
    sentence,
    html`<div class="ssr-figures">${provinceMapSvg(counts, language, words.mapCaption(title))}<table id="ssr-provinces"><caption class="visually-hidden">${title}</caption><thead><tr><th scope="col">${words.province}</th><th scope="col">${words.count}</th><th scope="col">${words.rate}</th></tr></thead><tbody>${rows}</tbody></table></div>`,
    html`<p class="ssr-hint">${words.census}</p>`,
    genders && genderTable(language, title, genders),
    html`<h2>${words.types}</h2><ul class="ssr-types">${types}</ul>`,
  ]);
  return {
    language,
    title: `${title}: ${formatCount(total, language)} | ${LANGUAGE_TABLE[language].shell.title}`,
    description: words.description(title, formatCount(total, language)),
    path: withFilters(tabPath(tab), filters),
    main,
    app: true,
  };
}
