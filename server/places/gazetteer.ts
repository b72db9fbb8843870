/**
 * Iran's provinces and cities by Persian name, with a point each (domain/data/gazetteer.json, derived once from
 * the npm package @nimahkh/iran_beauty 4.0.0, MIT: 349 cities and the 31 provinces, joined to the province table
 * by Persian name, and 51 seats of the 2016 census's counties from GeoNames: server/scripts/fix-gazetteer.ts).
 * Names are matched on the shared folding rule, so Arabic ي ك and the zero-width non-joiner find them as Persian
 * ی ک and a space do, and a name's «و» may be left out («چهارمحال بختیاری»: domain/text.ts, indicesContaining).
 * A query in Latin letters is matched against the English names (provinces', and the towns' from GeoNames),
 * and, where none contains it, read as Finglish: the Persian names it is a spelling of
 * ("esfahan", "ghazvin", "bojnoord"; domain/ask/finglish.ts).
 */
import { latinSound, latinSpelling, persianSound } from '../../domain/ask/finglish';
import { PROVINCES } from '../../domain/provinces';
import { latinKey, type Place } from '../../domain/places';
import { foldText, indicesContaining } from '../../domain/text';
import gazetteer from '../../domain/data/gazetteer.json';

interface Entry {
  place: Place;
  folded: string;
  /** The English name's comparison key ("" without one). */
  latin: string;
  /** The Persian name's sound and Latin spellings (finglish.ts). */
  sound: string;
  spelling: RegExp;
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
].map(({ place }: { place: Place }) => {
  const folded = foldText(place.Name);
  return {
    place,
    folded,
    latin: place.NameEn ? latinKey(place.NameEn) : '',
    sound: persianSound(folded),
    spelling: latinSpelling(folded),
  };
});

const FOLDED_NAMES = ENTRIES.map((entry) => entry.folded);

/** The places a Latin query spells in Finglish ("esfahan" «اصفهان»), or none. */
function spelledAs(query: string): Entry[] {
  const words = latinKey(query).split(' ');
  const sound = latinSound(words);
  if (sound === '') return [];
  return ENTRIES.filter((entry) => entry.sound === sound && entry.spelling.test(words.join('')));
}

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
  // Persian names as every list matches them: «چهارمحال بختیاری» finds «چهارمحال و بختیاری».
  const found = latin
    ? ENTRIES.filter((entry) => entry.latin.includes(wanted))
    : indicesContaining(FOLDED_NAMES, wanted).map((i) => ENTRIES[i]!);
  return (found.length === 0 && latin ? spelledAs(query) : found)
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
