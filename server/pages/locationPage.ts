/**
 * A location's page (`/{route}?loc=GUID`, the address the app opens as its dialog): its fields as the dialog
 * shows them, the phone and fax as tel: links, the ways there, and schema.org JSON-LD (an educational
 * organisation with its address and point) for search engines and link previews.
 */
import { directionLinks, telLinks } from '../../domain/directions';
import { LANGUAGE_TABLE, type Language } from '../../domain/language';
import { phraseNameIn, valueNameIn } from '../../domain/valueNames';
import { pathOfRoute, type LocationType } from '../../domain/locationTypes';
import type { LocatedDetailRow } from '../store/LocationStore';
import type { PageParts } from './document';
import { inLanguage } from './document';
import { html, type Html } from './html';
import { locationPath, phoneLinks } from './placeRows';
import { PAGE_WORDS, type PageWords } from './pageWords';
import type { DynamicField } from '../../domain/wire/answers';
import { searchForm } from './searchForm';
import { typeTitleIn } from './typePage';

/** A field and its value (text, or markup made from it): the data's text in its own direction, whatever the page's. */
const field = (
  label: string,
  value: Html | string,
  shown: boolean = typeof value !== 'string' || value.trim() !== '',
) => shown && html`<dt dir="auto">${label}</dt><dd dir="auto">${value}</dd>`;

/**
 * A dynamic field's value as the dialog shows it: a flag as yes or no, a file or image as a link named by what
 * it is (its stored name is a key, not words a visitor reads), its kind said by its extension.
 */
function dynamicValue(f: DynamicField, words: PageWords): Html | string {
  if (f.Type === 'check') return f.Value === 'true' ? words.yes : words.no;
  if (f.Type === 'file' || f.Type === 'image') {
    const kind = /\.([a-z0-9]{1,5})$/i.exec(f.Value)?.[1]?.toUpperCase();
    const name = f.Type === 'image' ? words.openImage : words.openFile;
    return html`<a href="${`/api/files/${encodeURIComponent(f.Value)}`}">${kind ? `${name} (${kind})` : name}</a>`;
  }
  return f.Value;
}

/** A phone or fax: its numbers to call, in the page's digits, in the page's own alignment. */
const phoneField = (label: string, text: string, language: Language) =>
  text.trim() !== '' && html`<dt>${label}</dt><dd>${phoneLinks(text, language)}</dd>`;

export function locationPage(
  language: Language,
  type: LocationType,
  guid: string,
  detail: LocatedDetailRow | null,
  origin: string,
): PageParts {
  const words = PAGE_WORDS[language];
  const typeTitle = typeTitleIn(type, language);
  const path = locationPath(type, guid);
  const back = html`<nav class="ssr-tabs"><a href="${inLanguage(pathOfRoute(type.route), language)}">${typeTitle}</a></nav>`;
  if (detail === null)
    return {
      language,
      title: typeTitle,
      description: words.notFound,
      path,
      main: html`${back}<p class="ssr-note" role="alert">${words.notFound}</p>${searchForm(language, type)}`,
      app: true,
    };
  const to = { lat: detail.lat, lon: detail.lon };
  const ways = directionLinks(to, detail.name).map(
    (w) => html`<li><a href="${w.href}" rel="noopener">${words.directionApps[w.app]}</a></li>`,
  );
  const names = LANGUAGE_TABLE[language].dataNames;
  const extra = detail.dynamicFields.map((f) =>
    field(
      valueNameIn(f.Label, names),
      f.Type === 'input' || f.Type === 'text' ? phraseNameIn(f.Value, names) : dynamicValue(f, words),
    ),
  );
  const main = html`${back}<h1 dir="auto">${detail.name}</h1><dl>${[
    field(words.address, detail.address),
    phoneField(words.phone, detail.phone, language),
    phoneField(words.fax, detail.fax, language),
    field(words.gender, valueNameIn(detail.gender, LANGUAGE_TABLE[language].dataNames)),
    field(words.legal, valueNameIn(detail.legal, LANGUAGE_TABLE[language].dataNames)),
    extra,
  ]}</dl><h2>${words.directions}</h2><ul>${ways}</ul>${searchForm(language, type)}`;
  return {
    language,
    title: `${detail.name} | ${typeTitle}`,
    description: words.locationDescription(detail.name, typeTitle, detail.address),
    path,
    main,
    app: true,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'EducationalOrganization',
      name: detail.name,
      url: `${origin}${inLanguage(path, language)}`,
      ...(detail.address
        ? { address: { '@type': 'PostalAddress', streetAddress: detail.address, addressCountry: 'IR' } }
        : {}),
      ...(telLinks(detail.phone).length ? { telephone: telLinks(detail.phone)[0]!.href.replace(/^tel:/, '') } : {}),
      geo: { '@type': 'GeoCoordinates', latitude: detail.lat, longitude: detail.lon },
    },
  };
}
