/**
 * The answer to a question in everyday words on the search page, with no script (the app's AskPanel, as a
 * page): what was understood, each part with a link that asks again without it, the words not used, and the
 * answer (the nearest with their distance, whom they admit, what they teach and their phone; a count with its
 * sentence; a province's list).
 */
import { inDataNames, LANGUAGE_TABLE, type Language } from '../../domain/language';
import { typeByRoute, type LocationType } from '../../domain/locationTypes';
import { valueNameIn } from '../../domain/valueNames';
import type { AskAnswer, AskDroppable, AskResult, Understood } from '../../domain/wire/ask';
import { inLanguage } from './document';
import { formatCount, formatDecimal, href, html, joinHtml, type Html } from './html';
import { PAGE_WORDS } from './pageWords';
import { placeItem } from './placeRows';
import { typeTitleIn } from './typePage';

export interface AskedQuestion {
  answer: AskAnswer;
  drop: readonly AskDroppable[];
  /** The phone of each listed location, by Guid. */
  phones: ReadonlyMap<string, string>;
}

const PARTS = ['Route', 'Trade', 'Audience', 'Place', 'NearMe', 'WithinKm', 'Intent'] as const;

/** A distance the question set, as it was written: whole kilometres without a decimal, a part with one. */
const kmIn = (km: number, language: Language) => formatDecimal(km, language, Number.isInteger(km) ? 0 : 1);

function placeNameOf(understood: Understood, language: Language): string {
  const place = understood.Place!;
  return inDataNames(language, { fa: place.Name, en: place.EnName ?? place.Name });
}

function partLabel(part: (typeof PARTS)[number], u: Understood, language: Language): string | null {
  const words = PAGE_WORDS[language].ask;
  const type = u.Route === null ? undefined : typeByRoute(u.Route);
  switch (part) {
    case 'Route':
      return type ? typeTitleIn(type, language) : null;
    case 'Trade':
      return u.Trade === null ? null : valueNameIn(u.Trade, LANGUAGE_TABLE[language].dataNames);
    case 'Audience':
      return u.Audience === null ? null : words.audience[u.Audience];
    case 'Place':
      return u.Place === null
        ? null
        : u.Place.Kind === 'province'
          ? words.province(placeNameOf(u, language))
          : placeNameOf(u, language);
    case 'NearMe':
      return u.NearMe ? words.nearMe : null;
    case 'WithinKm':
      return u.WithinKm === null ? null : words.within(kmIn(u.WithinKm, language));
    case 'Intent':
      return words.intent[u.Intent];
  }
}

function countSentence(result: AskResult, u: Understood, language: Language): string {
  const words = PAGE_WORDS[language].ask;
  const type = u.Route === null ? undefined : typeByRoute(u.Route);
  const what = [
    type ? typeTitleIn(type, language) : words.locations,
    ...(u.Trade ? [words.teaching(valueNameIn(u.Trade, LANGUAGE_TABLE[language].dataNames))] : []),
    ...(u.Audience ? [words.admitting(words.whom[u.Audience])] : []),
  ].join(PAGE_WORDS[language].listSeparator);
  const scope = result.Scope;
  const where =
    scope?.Kind === 'province'
      ? words.inProvince(u.Place ? placeNameOf(u, language) : scope.Province)
      : scope?.Kind === 'around'
        ? words.around(kmIn(scope.Km, language), u.Place ? placeNameOf(u, language) : words.nearMe)
        : words.inCountry;
  return words.counted(formatCount(result.Count ?? 0, language), what, where);
}

/** The section, for the search page of `type` asked `text` (whose address each removal link keeps). */
export function askSection(language: Language, type: LocationType, text: string, asked: AskedQuestion): Html {
  const words = PAGE_WORDS[language].ask;
  const { Understood: u, Unused, Answer: result } = asked.answer;
  const chips = PARTS.flatMap((part) => {
    const label = partLabel(part, u, language);
    if (label === null) return [];
    const without =
      part === 'Intent'
        ? null
        : inLanguage(href('/search', { q: text, type: type.route, drop: [...asked.drop, part].join(',') }), language);
    return [
      html`<li data-part="${part}">${words.parts[part]}: <strong dir="auto">${label}</strong>${
        without && html` <a href="${without}">${words.remove(label)}</a>`
      }</li>`,
    ];
  });
  const parts: (Html | null)[] = [
    html`<h2>${words.understood}</h2>`,
    html`<ul id="ssr-chips">${u.Route === null ? html`<li data-part="Route">${words.parts.Route}: ${words.anyType}</li>` : null}${chips}</ul>`,
    Unused.length > 0
      ? html`<p class="ssr-note" id="ssr-unused" dir="auto">${words.unused(Unused.join(PAGE_WORDS[language].listSeparator))}</p>`
      : null,
  ];
  if (result.Kind === 'none') parts.push(html`<p class="ssr-note" role="status">${words.needsPosition}</p>`);
  else if (result.Kind === 'count')
    parts.push(html`<p id="ssr-ask-count" role="status">${countSentence(result, u, language)}</p>`);
  else if (result.Locations.length === 0)
    parts.push(
      html`<p role="status">${u.WithinKm === null ? words.nothing : words.nothingWithin(kmIn(u.WithinKm, language))}</p>`,
    );
  else {
    const heading =
      result.Kind === 'list'
        ? words.listIn(formatCount(result.Count ?? 0, language), formatCount(result.Locations.length, language))
        : u.WithinKm === null
          ? words.nearestFrom(u.Place ? placeNameOf(u, language) : words.nearMe)
          : words.nearestWithin(kmIn(u.WithinKm, language), u.Place ? placeNameOf(u, language) : words.nearMe);
    const items = result.Locations.map((l) =>
      placeItem(
        {
          guid: l.Guid,
          name: l.Name,
          typeId: l.TypeId,
          km: l.DistanceKm,
          gender: l.Gender,
          phone: asked.phones.get(l.Guid) ?? '',
          trades: l.Trades,
        },
        language,
        result.TypeIds.length > 1,
      ),
    );
    parts.push(html`<h2>${heading}</h2><ol id="ssr-ask-list">${items}</ol>`);
  }
  parts.push(html`<p class="ssr-note" id="ssr-ask-source">${words.source}</p>`);
  return html`<section id="ssr-question">${joinHtml(parts.filter((p): p is Html => p !== null))}</section>`;
}
