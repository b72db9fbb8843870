/**
 * Iran's provinces and cities by Persian name, with a point each (domain/data/gazetteer.json,
 * derived once from the npm package @nimahkh/iran_beauty 4.0.0, MIT: 349 cities and the 31 provinces, joined
 * to the province table by Persian name). Names are matched on the shared folding rule, so Arabic ي ك and
 * the zero-width non-joiner find them as Persian ی ک and a space do. A query in Latin letters is matched against
 * the English names (provinces', and the towns' from GeoNames).
 */
import { PROVINCES } from '../../domain/provinces';
import { latinKey, type Place } from '../../domain/places';
import { foldText } from '../../domain/text';
import gazetteer from '../../domain/data/gazetteer.json';

interface Entry {
  place: Place;
  folded: string;
  /** The English name's comparison key ("" without one). */
  latin: string;
}

const enNameOf = new Map(PROVINCES.map((p) => [p.iso_3166_2, p.name_en]));
const faNameOf = new Map(PROVINCES.map((p) => [p.iso_3166_2, p.name_fa]));

const ENTRIES: Entry[] = [
  ...gazetteer.provinces.map((p) => ({
    place: {
      Name: faNameOf.get(p.iso)!,
      Kind: 'province' as const,
      Lat: p.lat,
      Long: p.lon,
      Ostan: enNameOf.get(p.iso)!,
      NameEn: enNameOf.get(p.iso)!,
    },
  })),
  ...gazetteer.cities.map((c) => ({
    place: {
      Name: c.name,
      Kind: 'city' as const,
      Lat: c.lat,
      Long: c.lon,
      Ostan: enNameOf.get(c.iso)!,
      ...('en' in c && typeof c.en === 'string' ? { NameEn: c.en } : {}),
    },
  })),
  // A county named for no town (ساوجبلاق, کهگیلویه) is also found by its seat's name, which is what people type.
  ...gazetteer.cities.flatMap((c) =>
    'seat' in c && typeof c.seat === 'string'
      ? [{ place: { Name: c.seat, Kind: 'city' as const, Lat: c.lat, Long: c.lon, Ostan: enNameOf.get(c.iso)! } }]
      : [],
  ),
].map(({ place }: { place: Place }) => ({
  place,
  folded: foldText(place.Name),
  latin: place.NameEn ? latinKey(place.NameEn) : '',
}));

/**
 * Places whose folded name contains the folded query: names that start with it first, then provinces before
 * cities (a province and its capital often share a name), then shorter names, then alphabetically.
 */
export function findPlaces(query: string, limit: number): Place[] {
  // A query in Latin letters ("Tehran", "Bojnurd") is looked up among the English names.
  const latin = /[a-z]/i.test(query);
  const wanted = latin ? latinKey(query) : foldText(query);
  if (wanted === '') return [];
  const nameOf = (entry: Entry) => (latin ? entry.latin : entry.folded);
  return ENTRIES.filter((entry) => nameOf(entry).includes(wanted))
    .map((entry) => ({ entry, starts: nameOf(entry).startsWith(wanted) }))
    .sort(
      (a, b) =>
        Number(b.starts) - Number(a.starts) ||
        Number(b.entry.place.Kind === 'province') - Number(a.entry.place.Kind === 'province') ||
        a.entry.folded.length - b.entry.folded.length ||
        a.entry.folded.localeCompare(b.entry.folded, 'fa'),
    )
    .slice(0, limit)
    .map(({ entry }) => entry.place);
}
