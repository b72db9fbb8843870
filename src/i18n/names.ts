/** The names of the catalogue's things (types, provinces) in the page's language. */
import type { LocationType } from '../../domain/locationTypes';
import { PROVINCES, provinceByEnName } from '../../domain/provinces';
import { PAGE_LANGUAGE } from './language';

/** The data names places, provinces and types in Persian and in English only: the page shows the set its language reads. */
const IN_PERSIAN = PAGE_LANGUAGE.dataNames === 'fa';

export function typeTitle(type: Pick<LocationType, 'titleFa' | 'titleEn'>): string {
  return IN_PERSIAN ? type.titleFa : type.titleEn;
}

/** A province by its English name (the gateway's LocationEnName), with the Persian name the data gave. */
export function provinceName(enName: string, faName: string): string {
  if (IN_PERSIAN) return faName;
  return provinceByEnName(enName)?.name_en ?? enName;
}

const EN_BY_FA = new Map(PROVINCES.map((p) => [p.name_fa, p.name_en]));

/** A province known by its Persian name only (search results): its English name on English pages. */
export function provinceNameOfFa(faName: string): string {
  return IN_PERSIAN ? faName : (EN_BY_FA.get(faName) ?? faName);
}

/** A town or province of the place search in the page's language (its English name where known). */
export function placeName(place: { Name: string; NameEn?: string }): string {
  return IN_PERSIAN ? place.Name : (place.NameEn ?? place.Name);
}

/** A GeoNames place (coverage) in the page's language: its Persian name on a Persian page, where known. */
export function settlementName(place: { Name: string; NameFa?: string }): string {
  return IN_PERSIAN ? (place.NameFa ?? place.Name) : place.Name;
}
