/** The names of the catalogue's things (types, provinces) in the page's language. */
import type { LocationType } from '../../domain/locationTypes';
import { PROVINCES, provinceByEnName } from '../../domain/provinces';
import { LANGUAGE } from './language';

export function typeTitle(type: Pick<LocationType, 'titleFa' | 'titleEn'>): string {
  return LANGUAGE === 'en' ? type.titleEn : type.titleFa;
}

/** A province by its English name (the gateway's LocationEnName), with the Persian name the data gave. */
export function provinceName(enName: string, faName: string): string {
  if (LANGUAGE === 'fa') return faName;
  return provinceByEnName(enName)?.name_en ?? enName;
}

const EN_BY_FA = new Map(PROVINCES.map((p) => [p.name_fa, p.name_en]));

/** A province known by its Persian name only (search results): its English name on English pages. */
export function provinceNameOfFa(faName: string): string {
  return LANGUAGE === 'fa' ? faName : (EN_BY_FA.get(faName) ?? faName);
}

/** A town or province of the place search in the page's language (its English name where known). */
export function placeName(place: { Name: string; NameEn?: string }): string {
  return LANGUAGE === 'en' ? (place.NameEn ?? place.Name) : place.Name;
}

/** A GeoNames place (coverage) in the page's language: its Persian name on a Persian page, where known. */
export function settlementName(place: { Name: string; NameFa?: string }): string {
  return LANGUAGE === 'fa' ? (place.NameFa ?? place.Name) : place.Name;
}
