import provinceTable from './data/provinces.json';

/** Iran's 31 provinces (shared/data/provinces.json): current ISO 3166-2 codes, Persian and English names. */
export interface ProvinceRef {
  iso_3166_2: string;
  name_fa: string;
  name_en: string;
  name_iso_romanized: string;
  geonames_admin1: string;
}

export const PROVINCES: readonly ProvinceRef[] = provinceTable;

export function provinceByEnName(nameEn: string): ProvinceRef | undefined {
  const wanted = nameEn.trim().toLowerCase();
  return PROVINCES.find((p) => p.name_en.toLowerCase() === wanted);
}

export function provinceByFaName(nameFa: string): ProvinceRef | undefined {
  return PROVINCES.find((p) => p.name_fa === nameFa);
}
